import {
  type Icon,
  IconAddressBook,
  IconArrowsSplit,
  IconBuildingBank,
  IconChartBar,
  IconChartPie,
  IconCoins,
  IconCreditCard,
  IconDeviceMobile,
  IconHistory,
  IconId,
  IconListCheck,
  IconSettings,
  IconShieldLock,
  IconTerminal2,
  IconUserShare,
  IconUsers,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';

/** SPEC §2.2: every side-menu entry has an icon. */
export const menuIcons: Readonly<Record<string, Icon>> = {
  '/partners': IconBuildingBank,
  '/users': IconUsers,
  '/agent/traders': IconUserShare,
  '/active': IconListCheck,
  '/history': IconHistory,
  '/pay': IconCreditCard,
  '/statistics': IconChartBar,
  '/wallets': IconWallet,
  '/antifraud': IconShieldLock,
  '/requisites': IconAddressBook,
  '/devices': IconDeviceMobile,
  '/potoc': IconArrowsSplit,
  '/balance': IconCoins,
  '/statistic': IconChartPie,
  '/requisite': IconId,
  '/terminal': IconTerminal2,
  '/settings': IconSettings,
};

export const fallbackMenuIcon: Icon = IconUsersGroup;
