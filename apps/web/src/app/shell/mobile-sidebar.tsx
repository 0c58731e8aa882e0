import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '@/components/close-button.tsx';
import { LazyDialog } from '@/components/ui/lazy-dialog.tsx';
import type { NavItem } from './nav-items.ts';

export function MobileSidebar(props: { open: boolean; onClose: () => void; items: NavItem[] }) {
  const { t } = useTranslation();
  return (
    <LazyDialog open={props.open} onClose={props.onClose} className="fixed inset-0 z-50 xl:hidden">
      {({ DialogPanel, DialogTitle }) => (
        <div className="fixed inset-0 flex">
          <DialogPanel className="relative flex w-full max-w-xs flex-col bg-white px-4 py-5 dark:bg-slate-900">
            <div className="flex items-center justify-between">
              <DialogTitle className="text-base font-semibold">{t('app.name')}</DialogTitle>
              <CloseButton label={t('nav.closeMenu')} onClick={props.onClose} size="size-6" />
            </div>
            <nav aria-label={t('nav.main')} className="mt-6">
              <ul className="space-y-1">
                {props.items.map((item) => (
                  <li key={item.key}>
                    <Link
                      to={item.to}
                      onClick={props.onClose}
                      activeOptions={{ exact: item.to === '/' }}
                      className="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-slate-100 data-[status=active]:bg-blue-50 data-[status=active]:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[status=active]:bg-blue-950 dark:data-[status=active]:text-blue-100"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </DialogPanel>
        </div>
      )}
    </LazyDialog>
  );
}
