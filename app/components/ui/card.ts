/** A white panel on the admin's grey page: every admin form, list item and figure sits on one. */
export const cardClass = "rounded-xl bg-white p-5 shadow";
