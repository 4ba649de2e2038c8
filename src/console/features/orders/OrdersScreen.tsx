import { NotOpen } from '../../ui/NotOpen.tsx';

/** Placeholder until the orders feature lands (see src/console/README.md). */
export function OrdersScreen(): React.JSX.Element {
  return <NotOpen title="订单" />;
}
