// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useClientStore } from '../lib/clientStore.ts';
import { mount, setUpScreenTests } from '../test/screen.tsx';
import { Permission } from './Permission.tsx';

describe('permission directive (spec section 2)', () => {
  setUpScreenTests();
  afterEach(() => useClientStore.setState({ buttons: [] }));

  it('shows its children only while the account holds the permission', () => {
    useClientStore.setState({ buttons: ['firmware.view'] });
    const view = mount(
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
