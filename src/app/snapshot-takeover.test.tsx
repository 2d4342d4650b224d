import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSnapshotTakeover } from './snapshot-takeover';

function Screen() {
  useSnapshotTakeover();
  const [plate, setPlate] = useState('');
  return (
    <form>
      <input
        aria-label="Plate"
        name="plate"
        value={plate}
        onChange={(event) => setPlate(event.target.value)}
      />
      <output>{plate}</output>
    </form>
  );
}

/** The page as the worker answered it: the snapshot inside #root, typed into before the app came. */
function snapshotRoot(typed: string, focus: boolean): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.snapshot = 'user-anu';
  root.innerHTML = '<form><input name="plate"><output></output></form>';
  document.body.append(root);
  const field = root.querySelector('input')!;
  field.value = typed;
  if (focus) field.focus();
  return root;
}

afterEach(() => document.getElementById('root')?.remove());

describe('useSnapshotTakeover', () => {
  it("carries what was typed into the snapshot into the app's own state, focus included", () => {
    const root = snapshotRoot('KL07AB1234', true);
    // React's first commit replaces what the container held, as in src/main.tsx.
    render(<Screen />, { container: root });
    expect(root.querySelectorAll('input')).toHaveLength(1);
    const field = screen.getByRole('textbox', { name: 'Plate' });
    expect(field).toHaveValue('KL07AB1234');
    expect(screen.getByRole('status')).toHaveTextContent('KL07AB1234');
    expect(field).toHaveFocus();
    expect(root.dataset.snapshot).toBeUndefined();
  });

  it('makes again, on the same place of the app, each tap kept while the snapshot was on screen', async () => {
    function Menu() {
      useSnapshotTakeover();
      const [opened, setOpened] = useState(0);
      return (
        <nav>
          <button type="button">Bell</button>
          <button type="button" onClick={() => setOpened(opened + 1)}>
            Menu
          </button>
          <output>{opened}</output>
        </nav>
      );
    }
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.snapshot = 'user-anu';
    root.innerHTML = '<nav><button type="button">Bell</button><button type="button">Menu</button></nav>';
    document.body.append(root);
    window.snapshotTaps = [[0, 1]];
    render(<Menu />, { container: root });
    expect(await screen.findByRole('status')).toHaveTextContent('1');
    expect(window.snapshotTaps).toEqual([]);
  });

  it('makes a tap kept on the icon inside a button again on that button', async () => {
    function Bell() {
      useSnapshotTakeover();
      const [opened, setOpened] = useState(0);
      return (
        <nav>
          <button type="button" onClick={() => setOpened(opened + 1)}>
            <svg aria-hidden="true">
              <path d="M0 0h1" />
            </svg>
          </button>
          <output>{opened}</output>
        </nav>
      );
    }
    const root = document.createElement('div');
    root.id = 'root';
    root.dataset.snapshot = 'user-anu';
    root.innerHTML = '<nav><button type="button"><svg><path d="M0 0h1"></path></svg></button></nav>';
    document.body.append(root);
    window.snapshotTaps = [[0, 0, 0, 0]];
    render(<Bell />, { container: root });
    expect(await screen.findByRole('status')).toHaveTextContent('1');
  });

  it('changes nothing on a page that holds no snapshot', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<Screen />, { container: root });
    expect(screen.getByRole('textbox', { name: 'Plate' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Plate' })).not.toHaveFocus();
  });
});
