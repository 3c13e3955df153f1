/**
 * The one error shape every failing API call answers with. The spec's client reads
 * `message` and `error`; `fields` names each invalid input in the spec's words.
 */
export interface ErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}
