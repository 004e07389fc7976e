import { href } from "react-router";

/** The homeowner's job page and what hangs off it: all behind the one private token. */
export const jobPath = (token: string) => href("/job/:token", { token });
export const jobInvoicePdfPath = (token: string, invoiceId: number) => href("/job/:token/invoices/:iid.pdf", { token, iid: String(invoiceId) });
export const jobInvoicePayPath = (token: string, invoiceId: number) => href("/job/:token/invoices/:iid/pay", { token, iid: String(invoiceId) });
