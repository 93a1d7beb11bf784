import { useUrlParams } from '../urlParams';

export interface DateRange {
  fromDate: string | null;
  toDate: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date range lives in the URL (?from=&to=) so a reload or a shared link keeps it. */
export function useDateRange(): [DateRange, (next: DateRange) => void] {
  const [params, changeParams] = useUrlParams();
  const from = params.get('from');
  const to = params.get('to');
  const range = {
    fromDate: from && DATE.test(from) ? from : null,
    toDate: to && DATE.test(to) ? to : null,
  };
  const set = (next: DateRange) =>
    changeParams((p) => {
      if (next.fromDate) p.set('from', next.fromDate);
      else p.delete('from');
      if (next.toDate) p.set('to', next.toDate);
      else p.delete('to');
    });
  return [range, set];
}
