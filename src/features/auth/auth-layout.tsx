import type { ReactNode } from 'react';
import './auth.css';

/** The public screens: one card, centred, the brand above the title. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <p className="auth-brand">Vahan Contact</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
