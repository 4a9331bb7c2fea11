// The product pages for the router's lazy route components.
export { ProductListPage } from './product-list-page'
export { ProductEditPage } from './product-edit-page'
export { CategoriesPage } from './categories-page'
