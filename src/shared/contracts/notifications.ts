import { z } from 'zod';
import { isoDate, queryInt } from './common';

/** An in-app notification: today, a price alert that reached its target or a product back in stock. */
export const notificationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    createdAt: isoDate,
    readAt: isoDate.nullable(),
    /** The alert that fired; null once the alert was deleted. */
    alertId: z.number().int().nullable(),
    /** The product it is about (links to /product/{id}); null once the product was removed. */
    productId: z.number().int().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z.object({
  limit: queryInt(1, 100).default(50),
});

/** The signed-in user's notifications, newest first, with how many are unread in all. */
export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markAllReadSchema = z
  .object({
    /** How many notifications this call marked read. */
    updated: z.number().int(),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'MarkAllRead' });
export type MarkAllRead = z.infer<typeof markAllReadSchema>;
