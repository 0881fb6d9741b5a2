/** An error with an HTTP status whose message is safe to show the client as `detail`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
