import { describe, expect, it } from 'vitest';
import { sharedScreenModules, startModules } from './chunkPlan';

const src = '/repo/apps/web/src';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facade: string | null = null) => ({
  fileName,
  name: fileName.replace(/\.js$/, ''),
  moduleIds,
  imports,
  facadeModuleId: facade,
  isEntry: fileName === 'index.js',
});

describe('the chunk the signed-in screens share', () => {
  const users = `${src}/features/users/pages/UsersPage.tsx`;
  const orders = `${src}/features/orders/pages/OrdersPage.tsx`;
  const layout = `${src}/app/layout/SignedInLayout.tsx`;
  const login = `${src}/features/auth/pages/LoginPage.tsx`;
  const chunks = [
    chunk('index.js', [`${src}/main.tsx`], ['react.js', 'Loader.js']),
    chunk('react.js', ['/nm/react-dom.js']),
    chunk('Loader.js', ['/nm/mantine/Box.mjs']),
    chunk('UsersPage.js', [users], ['Table.js', 'UsersOnly.js', 'Input.js'], users),
    chunk('OrdersPage.js', [orders], ['Table.js', 'Input.js', 'Loader.js'], orders),
    chunk('SignedInLayout.js', [layout], ['Menu.js'], layout),
    chunk('LoginPage.js', [login], ['Input.js'], login),
    chunk('Table.js', ['/nm/mantine/Table.mjs', `${src}/ui/ListTable.tsx`]),
    chunk('UsersOnly.js', [`${src}/features/users/components/AuditTrail.tsx`]),
    chunk('Menu.js', ['/nm/mantine/Menu.mjs']),
    chunk('Input.js', ['/nm/mantine/Input.mjs']),
  ];

  it('holds what two screens or the layout load, and nothing the entry, a public screen or one screen alone loads', () => {
    expect(sharedScreenModules(chunks, [users, orders, layout, login]).sort()).toEqual([
      '/nm/mantine/Menu.mjs',
      '/nm/mantine/Table.mjs',
      `${src}/ui/ListTable.tsx`,
    ]);
  });

  it('counts a page that several screens show once', () => {
    expect(sharedScreenModules(chunks, [users, users, login])).toEqual([]);
  });
});

describe("the chunk of the app's start", () => {
  const start = `${src}/app/start.tsx`;
  const chunks = [
    chunk('index.js', [`${src}/main.tsx`, '/nm/vite/preload-helper.js'], []),
    chunk('start.js', [start], ['react.js', 'libs.js', 'Loader.js', 'Group.js'], start),
    chunk('react.js', ['/nm/react-dom.js']),
    chunk('libs.js', ['/nm/react-i18next.js'], ['shim.js']),
    chunk('shim.js', ['/nm/use-sync-external-store/shim.js']),
    chunk('Loader.js', ['/nm/mantine/Loader.mjs', '/nm/mantine/Box.mjs']),
    chunk('Group.js', ['/nm/mantine/Group.mjs'], ['shim.js']),
    chunk('OrdersPage.js', [`${src}/features/orders/pages/OrdersPage.tsx`], ['Group.js']),
  ];

  it('holds what the start loads beyond the entry and the library groups, and what the libraries load stays apart', () => {
    expect(startModules(chunks).sort()).toEqual([
      '/nm/mantine/Box.mjs',
      '/nm/mantine/Group.mjs',
      '/nm/mantine/Loader.mjs',
      start,
    ]);
  });

  it('is empty without a start', () => {
    expect(startModules(chunks.filter((item) => item.fileName !== 'start.js'))).toEqual([]);
  });
});
