import { permissionLayout } from '@/app/(dashboard)/permission-layout';

export default permissionLayout('invoices:read');
