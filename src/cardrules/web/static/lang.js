// The language picker of every page: choosing a language reloads the page with ?lang=CODE (the
// server keeps the choice in a cookie), keeping the rest of the address (a match's #id).
const picker = document.getElementById("lang-picker");
if (picker) {
  picker.addEventListener("change", () => {
    const url = new URL(location.href);
    url.searchParams.set("lang", picker.value);
    location.assign(url.href);
  });
}
