import { describe, expect, it } from 'vitest';
import { filterAlerts } from './alert-filters';

const alert = (name: string, store: string, currentPrice: number, targetPrice: number, isActive: boolean) => ({
  product: { name, store },
  currentPrice,
  targetPrice,
  isActive,
});

const alerts = [
  alert('Samsung Galaxy S24', 'Amazon.in', 70_000, 60_000, true), // waiting
  alert('Apple iPhone 15', 'Flipkart', 60_000, 60_000, false), // triggered, inactive
  alert('Sony WH-1000XM5', 'Croma', 26_000, 25_000, true), // close
  alert('Anarkali Kurta', 'Myntra', 1_000, 1_200, true), // triggered
];
const names = (list: readonly { product: { name: string } }[]) => list.map((a) => a.product.name);

describe('filterAlerts', () => {
  it('keeps everything for All and an empty search', () => {
    expect(filterAlerts(alerts, '', 'all')).toHaveLength(4);
    expect(filterAlerts(alerts, '   ', 'all')).toHaveLength(4);
  });

  it('filters by active, inactive and triggered status', () => {
    expect(names(filterAlerts(alerts, '', 'active'))).toEqual(['Samsung Galaxy S24', 'Sony WH-1000XM5', 'Anarkali Kurta']);
    expect(names(filterAlerts(alerts, '', 'inactive'))).toEqual(['Apple iPhone 15']);
    // Triggered is current <= target, active or not; exactly at target counts.
    expect(names(filterAlerts(alerts, '', 'triggered'))).toEqual(['Apple iPhone 15', 'Anarkali Kurta']);
  });

  it('searches product name or store, ignoring case and spaces', () => {
    expect(names(filterAlerts(alerts, ' galaxy ', 'all'))).toEqual(['Samsung Galaxy S24']);
    expect(names(filterAlerts(alerts, 'FLIPKART', 'all'))).toEqual(['Apple iPhone 15']);
    expect(names(filterAlerts(alerts, 'myntra', 'triggered'))).toEqual(['Anarkali Kurta']);
    expect(filterAlerts(alerts, 'myntra', 'inactive')).toEqual([]);
    expect(filterAlerts(alerts, 'nothing like this', 'all')).toEqual([]);
  });
});
