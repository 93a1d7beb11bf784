// Where mail goes, what is unsent (failed first, then pending), and the
// resend of a failed message, over the typed client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@bakery/core';
import { client, messageOf } from '../api/client';
import { toast } from '../ui/toaster';

export const MAIL_KEY = [ROUTES.mail.path, 'unsent'] as const;

export function useMail() {
  const queries = useQueryClient();
  const delivery = useQuery({
    queryKey: [ROUTES.mailDelivery.path],
    queryFn: () => client.call(ROUTES.mailDelivery),
  });
  const mail = useQuery({
    queryKey: MAIL_KEY,
    queryFn: async () => {
      const [failed, pending] = await Promise.all([
        client.call(ROUTES.mail, { query: { status: 'failed' } }),
        client.call(ROUTES.mail, { query: { status: 'pending' } }),
      ]);
      return [...failed, ...pending];
    },
  });
  const resend = useMutation({
    mutationFn: (id: string) => client.call(ROUTES.retryMail, { params: { id } }),
    onSuccess: (answer) => {
      toast('E-mail queued again', answer.message, 'success');
      void queries.invalidateQueries({ queryKey: MAIL_KEY });
    },
    onError: (err) => toast('Failed to resend e-mail', messageOf(err, 'Failed to resend e-mail')),
  });
  return { delivery, mail, resend };
}
