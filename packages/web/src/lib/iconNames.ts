import AntdIcon from '@ant-design/icons/es/components/AntdIconLight';
import { type AriaAttributes, type ReactNode, type Ref, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface IconProps extends AriaAttributes {
  icon: { name: string };
}
type IconRender = (props: IconProps, ref: Ref<HTMLSpanElement>) => ReactNode;

/** Where an icon sits: the control it is part of, or else its parent. */
const CONTROL = 'button, a, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"], [role="checkbox"]';
const NAMING = ['aria-label', 'aria-labelledby', 'title'];

/**
 * Gives an icon a name in the user's language only where it stands for its control: an icon whose
 * control has a text or a name of its own is decoration and hidden from screen readers, as is an
 * icon no translated name fits (`icon.*` in locales/core).
 */
function nameIcon(span: HTMLSpanElement, label: string | undefined) {
  const host = span.closest(CONTROL) ?? span.parentElement;
  const named = host !== null && (Boolean(host.textContent?.trim()) || NAMING.some((attribute) => host.hasAttribute(attribute)));
  if (named || label === undefined) {
    span.removeAttribute('role');
    span.removeAttribute('aria-label');
    span.setAttribute('aria-hidden', 'true');
  } else {
    span.removeAttribute('aria-hidden');
    span.setAttribute('role', 'img');
    span.setAttribute('aria-label', label);
  }
}

const camelCase = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * Ant Design's icons name themselves in English ("search", "close-circle": their file name) on every
 * page, Ant Design's own controls included (issue 21, defect 8). Every icon of @ant-design/icons is
 * drawn by one component, so its render is wrapped once, here, rather than every use labelled by hand:
 * an icon given `aria-label` or `aria-hidden` keeps them, any other is named or hidden by `nameIcon`
 * after it is placed (whether its control has a text is known only then).
 */
export function translateIconNames() {
  const component = AntdIcon as unknown as { render: IconRender };
  const render = component.render;
  component.render = function TranslatedIcon(props, ref) {
    const { t, i18n } = useTranslation();
    const own = useRef<HTMLSpanElement | null>(null);
    const chosen = props['aria-label'] !== undefined || props['aria-hidden'] !== undefined;
    const key = `icon.${camelCase(props.icon.name)}`;
    const label = i18n.exists(key) ? t(key) : undefined;
    useLayoutEffect(() => {
      if (!chosen && own.current) nameIcon(own.current, label);
    });
    const bothRefs = (span: HTMLSpanElement | null) => {
      own.current = span;
      if (typeof ref === 'function') ref(span);
      else if (ref) ref.current = span;
    };
    return render(chosen ? props : ({ ...props, role: undefined, 'aria-label': undefined } as IconProps), bothRefs);
  };
}
