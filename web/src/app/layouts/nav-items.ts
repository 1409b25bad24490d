import type { ComponentType } from 'react';
import {
  IconBuildingWarehouse,
  IconCertificate,
  IconChartBar,
  IconClipboardList,
  IconClockHour4,
  IconHome,
  IconLayoutDashboard,
  IconUser,
  IconUsers,
  IconUsersGroup,
  type IconProps,
} from '@tabler/icons-react';
import type { Role } from '@agroselo/contracts';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Shows the pending count beside the label. */
  pendingBadge?: boolean;
}

const home: NavItem = { label: 'Home', to: paths.home(), icon: IconHome };
const processInstances: NavItem = {
  label: 'Processos em andamento',
  to: paths.processInstances(),
  icon: IconClipboardList,
};
const pendings: NavItem = {
  label: 'Pendentes',
  to: paths.pendings(),
  icon: IconClockHour4,
  pendingBadge: true,
};
const users: NavItem = { label: 'Usuários', to: paths.users(), icon: IconUsers };
const stamps: NavItem = { label: 'Selos', to: paths.stamps(), icon: IconCertificate };
const properties: NavItem = {
  label: 'Propriedades',
  to: paths.properties(),
  icon: IconBuildingWarehouse,
};

const reports: NavItem = { label: 'Relatórios', to: paths.reports(), icon: IconChartBar };
const workload: NavItem = {
  label: 'Carga de trabalho',
  to: paths.workload(),
  icon: IconUsersGroup,
};

/** Spec §2 "Side menu": only admins and technicians have one on every screen size. */
export function sideMenuFor(role: Role): NavItem[] {
  switch (role) {
    case 'admin':
      return [home, processInstances, users, pendings, stamps, properties, reports, workload];
    case 'technician':
      return [home, processInstances, pendings, properties, reports];
    default:
      return [];
  }
}

/** Links beside the bell (spec §2 landing navigation). */
export function headerLinksFor(role: Role): NavItem[] {
  switch (role) {
    case 'owner':
      return [
        { label: 'Propriedades', to: paths.profileProperties(), icon: IconBuildingWarehouse },
      ];
    case 'technician':
    case 'admin':
      return [{ label: 'Dashboard', to: paths.processInstances(), icon: IconLayoutDashboard }];
    default:
      return [];
  }
}

/** On small screens every signed-in account gets a menu: its side menu, else Home and its links. */
export function mobileMenuFor(role: Role): NavItem[] {
  const side = sideMenuFor(role);
  if (side.length > 0) return side;
  return [home, ...headerLinksFor(role), { label: 'Perfil', to: paths.profile(), icon: IconUser }];
}
