import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, showError } from '../api/http';

/** The app's react-query cache; failed queries show their message unless `meta.silent` is set. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent) return;
      showError(error);
    },
  }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      // a 4xx will answer the same again; network trouble and 5xx get one more try
      retry: (failures, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1,
    },
  },
});
