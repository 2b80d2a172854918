(window.vitrineFilterIndex = window.vitrineFilterIndex || {})["top"] = [{"d":"tmdb:129","h":"items/tmdb-129/index.html","k":"movie","l":"평점 10점 만점에 8.5점","r":"★ 8.5","t":"Spirited Away"}];
