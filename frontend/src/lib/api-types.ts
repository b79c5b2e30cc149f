/** The response envelope every API call answers with (api.md, Conventions). */
export interface ApiFieldError {
  field: string;
  message: string;
}

export interface ApiErrorBody {
  code: number;
  message: string;
  details?: ApiFieldError[] | null;
}

export interface ApiEnvelope<T> {
  status: number;
  success: boolean;
  result: T | null;
  error: ApiErrorBody | null;
}

export interface Paginated<T> {
  items: T[];
  totalCount: number;
  pageIndex: number;
  pageSize: number;
}

