/** Alias the dealer dashboard's lazy loader looks for; the panel lives in inventory-panel.tsx. */
export { default, InventoryPanel } from './inventory-panel';
