import { DEFAULT_LANGUAGE, type Language, PAGE_SIZE_DEFAULT } from '@sunstack/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The client state of spec section 3. What survives a reload (token, access, language, menus,
 * buttons, theme, sidebar) is kept in local storage; the rest lives for the page.
 */
export interface ClientState {
  token: string | null;
  access: number;
  /** When this browser signed in (ms), shown on the home tab. */
  signedInAt: number | null;
  language: Language;
  themeColor: string;
  sidebarCollapsed: boolean;
  /** Whether the tab bar shows; off, the console shows one screen at a time. */
  tabView: boolean;
  /** Route names the account reaches, and its button permission codes. */
  menus: string[];
  buttons: string[];
  /** Calls in flight that asked for the global loading indicator. */
  loadingCount: number;
  pagination: { pageSize: number; currentPage: number; total: number };
  /** errno messages by language, then errno, from GET /c/v0/errors/message. */
  errorMessages: Record<string, Record<string, string>>;
  /** The last request's signature and timestamp (spec section 3). */
  signature: string;
  timestamp: string;
  workModeId: string | null;

  signIn(token: string, access: number): void;
  setPermissions(menus: string[], buttons: string[]): void;
  setLanguage(language: Language): void;
  setThemeColor(color: string): void;
  toggleSidebar(): void;
  setTabView(on: boolean): void;
  setErrorMessages(messages: Record<string, Record<string, string>>): void;
  changeLoading(delta: 1 | -1): void;
  /** Forgets the session: token, access, login info and session data (spec section 4). */
  clearSession(): void;
}

export const DEFAULT_THEME_COLOR = '#1668dc';
export const PAGINATION_DEFAULTS = { pageSize: PAGE_SIZE_DEFAULT, currentPage: 1, total: 0 };

export const useClientStore = create<ClientState>()(
  persist(
    (set) => ({
      token: null,
      access: -1,
      signedInAt: null,
      language: DEFAULT_LANGUAGE,
      themeColor: DEFAULT_THEME_COLOR,
      sidebarCollapsed: false,
      tabView: true,
      menus: [],
      buttons: [],
      loadingCount: 0,
      pagination: PAGINATION_DEFAULTS,
      errorMessages: {},
      signature: '',
      timestamp: '',
      workModeId: null,

      signIn: (token, access) => set({ token, access, signedInAt: Date.now() }),
      setPermissions: (menus, buttons) => set({ menus, buttons }),
      setLanguage: (language) => set({ language }),
      setThemeColor: (themeColor) => set({ themeColor }),
      toggleSidebar: () => set((state) => ({ sidebarCollapsed: !state.sidebarCollapsed })),
      setTabView: (tabView) => set({ tabView }),
      setErrorMessages: (errorMessages) => set({ errorMessages }),
      changeLoading: (delta) => set((state) => ({ loadingCount: Math.max(0, state.loadingCount + delta) })),
      clearSession: () => {
        sessionStorage.clear();
        set({ token: null, access: -1, signedInAt: null, menus: [], buttons: [], workModeId: null });
      },
    }),
    {
      name: 'sunstack-client',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, access, language, themeColor, sidebarCollapsed, tabView, menus, buttons, signedInAt }) => ({
        token,
        access,
        language,
        themeColor,
        sidebarCollapsed,
        tabView,
        menus,
        buttons,
        signedInAt,
      }),
    },
  ),
);

/** The global loading flag is derived, never stored: loading while any call asked for it. */
export const useGlobalLoading = () => useClientStore((state) => state.loadingCount > 0);
