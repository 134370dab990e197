const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
export const formatMoney = (amount: number): string => GBP.format(amount);
