export { maintenanceKeys } from './api/keys.ts';
export { MaintenanceBanner, MaintenanceWindows } from './components/maintenance-windows.tsx';
