import { packQuerySchema } from '@/lib/reviews/review-hold.schema';
import { fileResponse } from '@/lib/server/files/export-file';
import { requestLocale } from '@/lib/server/http/request-context';
import { defineRoute } from '@/lib/server/http/route';
import { committeePackPdf, committeePackXlsx, loadCommitteePack } from '@/lib/server/reviews/committee-pack';

/** The committee pack of the renewals under review, as a PDF or an XLSX download; from our copy only. */
export const GET = defineRoute(
  { access: ['renewals:read', 'exports:read'], query: packQuerySchema },
  async ({ query, request, clients }) => {
    const locale = requestLocale(request);
    const pack = await loadCommitteePack(new Date(), locale, await clients());
    const day = pack.generatedAt.slice(0, 10);
    if (query.format === 'xlsx')
      return fileResponse(await committeePackXlsx(pack), 'xlsx', `committee-pack-${day}`);
    return new Response(new Uint8Array(await committeePackPdf(pack, locale)), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="committee-pack-${day}.pdf"`,
        'cache-control': 'no-store',
      },
    });
  },
);
