import { permissionLayout } from '@/app/(dashboard)/permission-layout';

export default permissionLayout('rate-freezes:read');
