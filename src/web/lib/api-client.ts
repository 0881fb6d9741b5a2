/**
 * The one way the web app talks to the API (SPEC point 7): same-origin /api, the bearer token from local
 * storage, JSON in and out, and every failure as an ApiError carrying the server's `detail`.
 */

export const TOKEN_KEY = 'bachat.token';
export const UNAUTHORIZED_EVENT = 'bachat:unauthorized';
/** How long a request may wait for an answer before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** Network-level failure vs an HTTP answer: SPEC 8's panel tells them apart. */
export const isNetworkError = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'NETWORK_ERROR';

export class ApiError extends Error {
  constructor(
    /** HTTP status, or 0 when the request never got an answer (offline, network error). */
    readonly status: number,
    readonly detail: string,
    readonly code: 'NETWORK_ERROR' | 'HTTP_ERROR' = 'HTTP_ERROR',
    /** The `detail` the server sent, or null when it sent none (then `detail` is the status text). */
    readonly serverDetail: string | null = null,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};
export const setToken = (token: string) => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_KEY);

/**
 * While the server renders a page, requests go to the API in-process (the same routes, validation and data as
 * over the network). The server installs this once; it answers undefined outside a page render. A transport
 * answers with only what api() reads of a fetch Response (a Response is one): wrapping each in-process answer in
 * a WHATWG Response only to read its text back cost a product page's first view ~5% (docs/decisions/0007, session 11).
 */
export type ApiAnswer = { status: number; statusText: string; text(): Promise<string> };
export type ApiRequest = { method: string; headers: Record<string, string>; body: string | null };
export type ApiTransport = (url: string, request: ApiRequest) => Promise<ApiAnswer>;
let serverTransport: (() => ApiTransport | undefined) | null = null;
export function setServerTransport(current: () => ApiTransport | undefined) {
  serverTransport = current;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal | undefined };

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  // Offline, the request is not even tried: it fails at once as a network error (issue 17).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiError(0, 'Network error', 'NETWORK_ERROR');
  const request: ApiRequest = { method: options.method ?? 'GET', headers, body: options.body === undefined ? null : JSON.stringify(options.body) };
  let response: ApiAnswer;
  try {
    const transport = serverTransport?.();
    if (transport) {
      response = await transport(`/api${path}`, request);
    } else {
      // A request that hangs on a dead connection also ends as a network error, not as a spinner forever.
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      response = await fetch(`/api${path}`, { ...request, signal });
    }
  } catch (error) {
    // The caller's own abort (a query cancelled) stays an abort; everything else is a network failure.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error', 'NETWORK_ERROR');
  }

  if (response.status === 401 && typeof window !== 'undefined') {
    // SPEC point 8: any 401 removes the stored token; the auth state listens and signs out.
    clearToken();
    window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (response.status < 200 || response.status > 299) {
    const serverDetail =
      data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string' && data.detail.trim() ? data.detail : null;
    throw new ApiError(response.status, serverDetail ?? response.statusText, 'HTTP_ERROR', serverDetail);
  }
  return data as T;
}

/** Builds a query string from defined values only. */
export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
