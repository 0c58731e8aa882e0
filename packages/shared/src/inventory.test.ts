import { describe, expect, it } from 'vitest';
import { warrantyStateOf } from './assets.ts';
import { availabilityOf, inventoryCsvRow, suggestedOrderQuantity } from './inventory.ts';

describe('availabilityOf', () => {
  it('is out of stock at zero, low at or below the reorder level, in stock above it', () => {
    expect(availabilityOf(0, 5)).toBe('out_of_stock');
    expect(availabilityOf(5, 5)).toBe('low_stock');
    expect(availabilityOf(1, 5)).toBe('low_stock');
    expect(availabilityOf(6, 5)).toBe('in_stock');
    expect(availabilityOf(1, 0)).toBe('in_stock');
  });

  it('suggests restocking to twice the reorder level, at least one', () => {
    expect(suggestedOrderQuantity(2, 6)).toBe(10);
    expect(suggestedOrderQuantity(0, 0)).toBe(1);
  });
});

describe('inventoryCsvRow', () => {
  const row = {
    product_name: 'Drier',
    part_number: 'C-083-S',
    type: ' Filter_Drier ',
    quantity: '3',
    reorder_level: '1',
    unit_price: '$19.45',
  };

  it('reads numbers and a $ price from text cells', () => {
    expect(inventoryCsvRow.parse(row)).toMatchObject({
      type: 'filter_drier',
      quantity: 3,
      unit_price: 19.45,
      brand: '',
    });
  });

  it('refuses fractions of a cent, negative or non-numeric quantities and unknown types', () => {
    const issues = inventoryCsvRow.safeParse({
      ...row,
      unit_price: '1.234',
      quantity: '-1',
      reorder_level: 'x',
      type: 'gizmo',
    });
    expect(issues.success).toBe(false);
    expect(issues.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      'quantity',
      'reorder_level',
      'type',
      'unit_price',
    ]);
  });
});

describe('warrantyStateOf', () => {
  it('tells expired, expiring within 90 days, active and unknown apart', () => {
    expect(warrantyStateOf(null, '2026-11-22')).toBe('none');
    expect(warrantyStateOf('2026-11-21', '2026-11-22')).toBe('expired');
    expect(warrantyStateOf('2026-11-22', '2026-11-22')).toBe('expiring');
    expect(warrantyStateOf('2027-02-20', '2026-11-22')).toBe('expiring');
    expect(warrantyStateOf('2027-02-21', '2026-11-22')).toBe('active');
  });
});
