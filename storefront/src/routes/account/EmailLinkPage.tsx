// /confirm-email/:token and /undo-email-change/:token (issue 27): the links
// mailed for an e-mail change. Nothing happens until the button is pressed,
// so a mail scanner that opens the link changes nothing.
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTES } from '@bakery/core';
import { api, errorMessage } from '../../api/client';
import { USER_KEY } from '../../api/queries';
import { AuthCard } from '../../components/AuthCard';

const TEXT = {
  confirm: {
    title: 'Confirm Your New E-mail Address',
    intro: 'Press the button to start using this address for your account.',
    button: 'Confirm New Address',
    route: ROUTES.confirmEmail,
  },
  undo: {
    title: 'Undo the E-mail Change',
    intro:
      'Press the button to give your account its previous address back. Every device signed in to it will be signed out.',
    button: 'Undo the Change',
    route: ROUTES.undoEmail,
  },
} as const;

export default function EmailLinkPage() {
  const { token } = useParams();
  const kind = useLocation().pathname.startsWith('/undo-email-change') ? 'undo' : 'confirm';
  const text = TEXT[kind];
  const queryClient = useQueryClient();
  const [state, setState] = useState<
    { step: 'ask' } | { step: 'busy' } | { step: 'done' | 'failed'; message: string }
  >({ step: 'ask' });

  const follow = async () => {
    setState({ step: 'busy' });
    try {
      const answer = await api.call(text.route, { body: { token: token ?? '' } });
      setState({ step: 'done', message: answer.message ?? '' });
      await queryClient.invalidateQueries({ queryKey: USER_KEY });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error, 'The link could not be used.') });
    }
  };

  return (
    <AuthCard title={text.title} center>
      {state.step === 'done' ? (
        <p role="status">{state.message}</p>
      ) : state.step === 'failed' ? (
        <p role="alert">{state.message}</p>
      ) : (
        <>
          <p>{text.intro}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={state.step === 'busy'}
            onClick={() => void follow()}
          >
            {text.button}
          </button>
        </>
      )}
      <div className="button-row">
        <Link to="/account" className="btn btn-secondary">
          Your Account
        </Link>
      </div>
    </AuthCard>
  );
}
