import { permissionLayout } from '@/app/(dashboard)/permission-layout';

export default permissionLayout('portfolio:read');
