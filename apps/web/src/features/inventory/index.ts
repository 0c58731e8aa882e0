export { inventoryKeys, purchaseOrderKeys, supplierKeys } from './api/keys.ts';
