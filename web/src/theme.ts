import {
  createTheme,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineColor,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';
import { InstanceStatus } from '@agroselo/contracts';

/** Primary: the green of the rice fields. Shade 7 keeps white text above 4.5:1. */
const leaf: MantineColorsTuple = [
  '#ebf7ee',
  '#d5ecda',
  '#a9d8b3',
  '#7bc38a',
  '#55b168',
  '#3da553',
  '#2f9546',
  '#25803b',
  '#1b6b31',
  '#0f5424',
];

/** Secondary: the gold of ripe rice. Light enough that filled surfaces take dark text. */
const rice: MantineColorsTuple = [
  '#fff8e1',
  '#ffefc2',
  '#ffdf85',
  '#ffcf47',
  '#f9bf1e',
  '#f0b000',
  '#d99e00',
  '#b78300',
  '#936800',
  '#6e4d00',
];

export const theme = createTheme({
  primaryColor: 'leaf',
  primaryShade: 7,
  colors: { leaf, rice },
  autoContrast: true,
  luminanceThreshold: 0.35,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Modals, menus and popovers open without their transitions for whoever asks their system for
  // less motion.
  respectReducedMotion: true,
  // Plain objects rather than Modal.extend(...): the theme is on every page, and naming the
  // components would bring a modal's code (Floating UI, scroll locking) to pages without one.
  components: {
    // Icon-only close buttons need a name for screen readers (and for e2e locators).
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } satisfies Partial<ModalProps>,
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } satisfies Partial<DrawerProps>,
    },
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Fechar notificação' },
      } satisfies Partial<NotificationProps>,
    },
  },
});

/**
 * Mantine's defaults for dimmed text, errors and light variants (alerts, badges, active links)
 * fall below 4.5:1 on their backgrounds; these shades keep WCAG AA. The app loads them, with the
 * theme's other variables, from theme-variables.css: after a change here or to the theme above,
 * `npx vitest run --project web src/theme.test.ts -u` writes that file anew.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-leaf-light-color': 'var(--mantine-color-leaf-8)',
    '--mantine-color-rice-light-color': 'var(--mantine-color-rice-9)',
    // Mantine's darkest yellow (shade 9) gives 2.8:1 on the light yellow: a dark amber, 6:1.
    '--mantine-color-yellow-light-color': '#8a4600',
    '--mantine-color-grape-light-color': 'var(--mantine-color-grape-9)',
    // Mantine's darkest orange (shade 9) gives white text 4.3:1: a burnt orange gives 5.2:1.
    '--mantine-color-orange-filled': '#b84a0b',
    '--mantine-color-orange-filled-hover': '#9c3f09',
    '--mantine-color-orange-outline': '#b84a0b',
    '--mantine-color-orange-light-color': '#9c3f09',
  },
  dark: {},
});

export const SECONDARY_COLOR = 'rice';

/** Spec §4 status colours, with shades that keep badge text readable (WCAG AA). */
export const STATUS_COLORS: Record<InstanceStatus, MantineColor> = {
  [InstanceStatus.FINISHED]: 'gray.7',
  [InstanceStatus.PENDING]: 'rice.6',
  [InstanceStatus.REJECTED]: 'red.9',
  [InstanceStatus.ONGOING]: 'leaf.9',
  [InstanceStatus.PRODUCER_PENDING]: 'leaf.7',
};

/** Counts that ask for attention (pending items). */
export const ALERT_COLOR: MantineColor = 'red.9';
