import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkAllRead, Notification, NotificationList } from '@/shared/contracts/notifications';
import { api } from '@/web/lib/api-client';
import { useAuth } from '@/web/lib/auth-session';

export const notificationsQueryKey = ['notifications'] as const;

/** How often a signed-in page asks for new notifications (the header's unread count). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** The signed-in user's notifications and unread count, refreshed every minute; disabled while signed out. */
export function useNotificationsQuery() {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => api<NotificationList>('/notifications', { signal }),
    enabled: isAuthenticated,
    refetchInterval: isAuthenticated ? NOTIFICATIONS_POLL_MS : false,
    staleTime: 10_000,
  });
}

/** Marks one notification read, showing it read at once and reconciling with the server after. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`/notifications/${id}/read`, { method: 'POST' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        const target = previous.items.find((n) => n.id === id);
        if (target && target.readAt === null) {
          queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
            items: previous.items.map((n) => (n.id === id ? { ...n, readAt: new Date().toISOString() } : n)),
            unreadCount: Math.max(0, previous.unreadCount - 1),
          });
        }
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarkAllRead>('/notifications/read-all', { method: 'POST' }),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        const now = new Date().toISOString();
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
          items: previous.items.map((n) => (n.readAt === null ? { ...n, readAt: now } : n)),
          unreadCount: 0,
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
