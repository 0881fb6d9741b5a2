import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useState } from 'react';
import { type DisplayCurrency, formatPrice } from '@/shared/money';

const STORAGE_KEY = 'bachat.currency';

type CurrencyContextValue = { currency: DisplayCurrency; setCurrency: (currency: DisplayCurrency) => void; format: (rupees: number) => string };

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

function initialCurrency(): DisplayCurrency {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'USD' ? 'USD' : 'INR';
  } catch {
    return 'INR';
  }
}

/** DECISIONS 4: ₹ by default, $ on request, the choice kept in local storage. */
export function CurrencyProvider({ children }: { children: ReactNode }) {
  // Server-rendered pages show ₹; a stored $ choice applies before the first paint, after hydration.
  const [currency, setState] = useState<DisplayCurrency>('INR');
  useLayoutEffect(() => setState(initialCurrency()), []);
  const setCurrency = useCallback((next: DisplayCurrency) => {
    setState(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  const value = useMemo(
    () => ({ currency, setCurrency, format: (rupees: number) => formatPrice(rupees, currency) }),
    [currency, setCurrency],
  );
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

export function useCurrency(): CurrencyContextValue {
  const context = useContext(CurrencyContext);
  if (!context) throw new Error('useCurrency needs CurrencyProvider');
  return context;
}
