export { type InventorySearch, type InventoryTab, inventorySearch } from './api/inventory-search.ts';
export { inventoryKeys, purchaseOrderKeys, supplierKeys } from './api/keys.ts';
