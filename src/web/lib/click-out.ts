/**
 * Buy / store links go through the server's click-out route, `/go/{offerId}?from=<page>` (issue 14): it counts
 * the click and redirects to the store. A signed-in shopper's links carry a click ticket (`u=`), fetched once
 * per session, so the click is attributed to them; the links work without it (counted anonymously).
 */
import { useQuery } from '@tanstack/react-query';
import type { ClickSourcePage, ClickTicket } from '@/shared/contracts/clicks';
import { api } from './api-client';
import { useAuth } from './auth-session';

export function clickOutHref(offerId: number, from: ClickSourcePage, ticket?: string | null): string {
  return `/go/${offerId}?from=${from}${ticket ? `&u=${encodeURIComponent(ticket)}` : ''}`;
}

const TICKET_STALE_MS = 12 * 60 * 60 * 1000;

/** `(offerId) => href` for links on one page. */
export function useClickOutHref(from: ClickSourcePage): (offerId: number) => string {
  const { isAuthenticated, token } = useAuth();
  const ticket = useQuery({
    queryKey: ['clicks', 'ticket', token],
    queryFn: ({ signal }) => api<ClickTicket>('/clicks/ticket', { signal }),
    enabled: isAuthenticated,
    staleTime: TICKET_STALE_MS,
    retry: false,
  });
  const value = isAuthenticated ? ticket.data?.ticket : null;
  return (offerId) => clickOutHref(offerId, from, value);
}
