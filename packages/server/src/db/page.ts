/** A page of a list call: which one (from 1) and how many rows it holds. */
export interface PageRequest {
  currentPage: number;
  pageSize: number;
}

/** The rows a page takes and skips. */
export interface Page {
  limit: number;
  offset: number;
}

/** The rows before the page. */
export const offsetOf = ({ currentPage, pageSize }: PageRequest) => (currentPage - 1) * pageSize;

export const pageOf = (request: PageRequest): Page => ({ limit: request.pageSize, offset: offsetOf(request) });
