import { NextResponse } from 'next/server';

// Liveness for the start script, load balancers and the e2e harness. Says nothing about the
// configuration or the upstream, so it is safe without a session.
export function GET() {
  return NextResponse.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
