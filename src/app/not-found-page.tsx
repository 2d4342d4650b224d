import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <main className="auth-page">
      <div className="card auth-card empty-state">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Page Not Found</h1>
        <p className="muted">Sorry, the page you are looking for does not exist.</p>
        <Link to="/" className="button button-primary">
          Go Home
        </Link>
      </div>
    </main>
  );
}
