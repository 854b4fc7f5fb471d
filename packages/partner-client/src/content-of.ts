/** An error answer of the API ({success: false, error}), or a failure without one (status only). */
export class PartnerApiError extends Error {
  constructor(
    /** HTTP status. */
    readonly status: number,
    /** The API's stable error code (HTTP_<status> when the answer was not the envelope). */
    readonly code: string,
    message: string,
    /** Field-by-field messages of a refused request body. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'PartnerApiError';
  }
}

interface ErrorBody {
  status?: unknown;
  error?: unknown;
  code?: unknown;
  fields?: unknown;
}

/** What openapi-fetch answers: the parsed body of a success or of an error, and the response. */
type Answer<T> =
  | { data: { content: T }; error?: never; response: Response }
  | { data?: never; error: unknown; response: Response };

/** The content of a successful call; a PartnerApiError for an error answer. */
export async function contentOf<T>(call: Promise<Answer<T>>): Promise<T> {
  const answer = await call;
  if (answer.data !== undefined && answer.response.ok) return answer.data.content;
  const { status, statusText } = answer.response;
  const body = (answer.error as { error?: ErrorBody } | undefined)?.error;
  if (body && typeof body.code === 'string' && typeof body.error === 'string')
    throw new PartnerApiError(
      status,
      body.code,
      body.error,
      body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
    );
  throw new PartnerApiError(status, `HTTP_${status}`, statusText || `HTTP ${status}`);
}
