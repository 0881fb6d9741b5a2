// Apart from the product card so a page can link without taking the card's code (the product page's first load).
export const productHref = (id: number) => `/product/${id}`;
export const compareHref = (id: number) => `/comparison?products=${id}`;
