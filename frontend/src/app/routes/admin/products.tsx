import { ProductsScreen } from '@/features/products/components/products-screen';

export function ProductsRoute() {
  return <ProductsScreen />;
}
