import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as rules from './tabRules.ts';

const tab = (id: string): rules.NewTab => ({ id, name: id, title: id, path: `/${id}` });
const ids = (state: rules.TabsState) => state.tabs.map((t) => t.id);

/** A random sequence of tab operations, as a user would click them. */
const operation = fc.oneof(
  fc.record({ op: fc.constant('open' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
  fc.record({ op: fc.constant('append' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
  fc.record({ op: fc.constant('replace' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f') }),
  fc.record({ op: fc.constant('close' as const), id: fc.constantFrom('a', 'b', 'c', rules.HOME_TAB_ID) }),
  fc.record({
    op: fc.constant('scope' as const),
    scope: fc.constantFrom('active', 'inactive', 'others', 'all') as fc.Arbitrary<rules.CloseScope>,
  }),
  fc.record({ op: fc.constant('back' as const) }),
  fc.record({ op: fc.constant('select' as const), id: fc.constantFrom('a', 'b', rules.HOME_TAB_ID) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function apply(state: rules.TabsState, step: Operation): rules.TabsState {
  switch (step.op) {
    case 'open':
      return rules.openTab(state, tab(step.id));
    case 'append':
      return rules.appendTab(state, tab(step.id));
    case 'replace':
      return rules.replaceTab(state, tab(step.id));
    case 'close':
      return rules.closeTab(state, step.id);
    case 'scope':
      return rules.closeTabs(state, step.scope);
    case 'back':
      return rules.backTab(state);
    case 'select':
      return rules.selectTab(state, step.id);
  }
}

describe('tab rules (spec sections 2 and 4)', () => {
  it('always keeps the home tab first, ids unique, and the active tab open', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (steps) => {
        let state = rules.initialTabs('/bus/index');
        for (const step of steps) {
          state = apply(state, step);
          expect(state.tabs[0]?.id).toBe(rules.HOME_TAB_ID);
          expect(new Set(ids(state)).size).toBe(state.tabs.length);
          expect(ids(state)).toContain(state.activeId);
        }
      }),
    );
  });

  it('opens a new tab at the end and activates an open one without duplicating it', () => {
    let state = rules.openTab(rules.initialTabs('/'), tab('a'));
    state = rules.openTab(state, tab('b'));
    expect(ids(state)).toEqual([rules.HOME_TAB_ID, 'a', 'b']);
    state = rules.openTab(state, tab('a'));
    expect(ids(state)).toEqual([rules.HOME_TAB_ID, 'a', 'b']);
    expect(state.activeId).toBe('a');
  });

  it('replaces in place, except the home tab, which stays and gets a new tab after it', () => {
    let state = rules.openTab(rules.openTab(rules.openTab(rules.initialTabs('/'), tab('a')), tab('b')), tab('c'));
    state = rules.selectTab(state, 'b');
    state = rules.replaceTab(state, tab('x'));
    expect(ids(state)).toEqual([rules.HOME_TAB_ID, 'a', 'x', 'c']);
    expect(state.activeId).toBe('x');
    state = rules.replaceTab(rules.selectTab(state, rules.HOME_TAB_ID), tab('y'));
    expect(ids(state)).toEqual([rules.HOME_TAB_ID, 'a', 'x', 'c', 'y']);
  });

  it('closing the active tab activates the next one, or the previous one at the end', () => {
    let state = rules.openTab(rules.openTab(rules.openTab(rules.initialTabs('/'), tab('a')), tab('b')), tab('c'));
    state = rules.closeTab(rules.selectTab(state, 'b'), 'b');
    expect(state.activeId).toBe('c');
    state = rules.closeTab(state, 'c');
    expect(state.activeId).toBe('a');
  });

  it('closing all keeps only the home tab and activates it; others keeps home and the active one', () => {
    const open = rules.selectTab(rules.openTab(rules.openTab(rules.initialTabs('/'), tab('a')), tab('b')), 'a');
    expect(ids(rules.closeTabs(open, 'others'))).toEqual([rules.HOME_TAB_ID, 'a']);
    const all = rules.closeTabs(open, 'all');
    expect(ids(all)).toEqual([rules.HOME_TAB_ID]);
    expect(all.activeId).toBe(rules.HOME_TAB_ID);
  });

  it('never closes the home tab', () => {
    const state = rules.openTab(rules.initialTabs('/'), tab('a'));
    expect(rules.closeTab(state, rules.HOME_TAB_ID)).toBe(state);
  });

  it('goes back to the tab shown before', () => {
    let state = rules.openTab(rules.openTab(rules.initialTabs('/'), tab('a')), tab('b'));
    state = rules.openTab(rules.selectTab(state, 'a'), tab('c'));
    state = rules.backTab(state);
    expect(state.activeId).toBe('a');
    expect(ids(state)).toEqual([rules.HOME_TAB_ID, 'a', 'b']);
  });

  it('skips a refresh while the tab is loading, and counts loading per tab', () => {
    const state = rules.openTab(rules.initialTabs('/'), tab('a'));
    let loading = rules.changeTabLoading(rules.changeTabLoading({}, 'a', 1), 'a', 1);
    expect(rules.refreshTab(state, loading, 'a')).toBe(state);
    expect(rules.refreshTab(state, loading, rules.HOME_TAB_ID).tabs[0]?.refreshKey).toBe(1);
    loading = rules.changeTabLoading(loading, 'a', -1);
    expect(rules.refreshTab(state, loading, 'a')).toBe(state);
    loading = rules.changeTabLoading(loading, 'a', -1);
    expect(rules.refreshTab(state, loading, 'a').tabs[1]?.refreshKey).toBe(1);
    expect(rules.changeTabLoading(loading, 'a', -1).a).toBe(0);
  });

  it('sets the title of the current tab only', () => {
    const state = rules.setTabTitle(rules.openTab(rules.initialTabs('/'), tab('a')), 'literal:Plant 7');
    expect(state.tabs.map((t) => t.title)).toEqual(['home', 'literal:Plant 7']);
  });

  it('restores the saved tabs in their order around the tab the address opened, which stays active', () => {
    const saved = rules.savedTabs(rules.openTab(rules.openTab(rules.openTab(rules.initialTabs('/'), tab('a')), tab('b')), tab('c')));
    const reloaded = rules.openTab(rules.initialTabs('/'), tab('b'));
    const restored = rules.restoreTabs(reloaded, saved);
    expect(ids(restored)).toEqual([rules.HOME_TAB_ID, 'a', 'b', 'c']);
    expect(restored.activeId).toBe('b');
    expect(rules.backTab(restored).activeId).toBe(rules.HOME_TAB_ID);
    const elsewhere = rules.restoreTabs(rules.openTab(rules.initialTabs('/'), tab('x')), saved);
    expect(ids(elsewhere)).toEqual([rules.HOME_TAB_ID, 'a', 'b', 'c', 'x']);
    expect(elsewhere.activeId).toBe('x');
  });
});
