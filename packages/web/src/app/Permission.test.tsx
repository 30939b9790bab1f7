// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useClientStore } from '../lib/clientStore.ts';
import { Permission } from './Permission.tsx';

// React asks for this flag before it lets act() flush updates outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(element: React.ReactNode) {
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => root.render(element));
  return { container, unmount: () => act(() => root.unmount()) };
}

describe('permission directive (spec section 2)', () => {
  afterEach(() => useClientStore.setState({ buttons: [] }));

  it('shows its children only while the account holds the permission', () => {
    useClientStore.setState({ buttons: ['firmware.view'] });
    const view = render(
      <>
        <Permission code="firmware.view">upload</Permission>
        <Permission code="firmware.delete">delete</Permission>
      </>,
    );
    expect(view.container.textContent).toBe('upload');
    act(() => useClientStore.setState({ buttons: ['firmware.delete'] }));
    expect(view.container.textContent).toBe('delete');
    view.unmount();
  });
});
