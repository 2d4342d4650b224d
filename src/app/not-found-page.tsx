import { useLingui } from '@lingui/react';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  const { i18n } = useLingui();
  return (
    <main className="auth-page">
      <div className="card auth-card empty-state">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{i18n._('app.notFoundTitle')}</h1>
        <p className="muted">{i18n._('app.notFoundText')}</p>
        <Link to="/" className="button button-primary">
          {i18n._('app.goHome')}
        </Link>
      </div>
    </main>
  );
}
