#!/usr/bin/env python3
"""Writes the recorded-style API responses behind the example site's galleries.

    python3 scripts/make_recorded_responses.py

Output: Tests/VitrineKitTests/Fixtures/recorded/*.json — raw bodies shaped like the real
APIs (field sets, escaped URLs with `&`, Korean text, Apple's blank lines), with fake ids
and titles, media URLs on the real CDN hosts, and a few hostile strings so HTML escaping
is exercised end to end. Deterministic: the same input always gives the same bytes.

Then re-record the snapshots: `VITRINE_RECORD=1 swift test --filter ExampleSnapshotTests`.
"""

import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "Tests" / "VitrineKitTests" / "Fixtures" / "recorded"
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_ATTR = '"><img src=x onerror=alert(1)>'
HOSTILE_MUSTACHE = "{{x}}"


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write(name, text):
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / name).write_text(text, encoding="utf-8")


# --- GIPHY -------------------------------------------------------------------------------

CAT_WORDS = ["cat", "kitten", "kitty", "cute", "funny", "sleepy", "jump", "fail", "dance", "meow",
             "cats", "animals", "pets", "love", "mood", "hungry", "box", "zoom", "stretch", "grumpy"]
CHANNELS = ["", "", "catsofinstagram", "", "reactionseditor", "", "animalsdotcom", "", "nbcsnl", ""]


def giphy_id(rng):
    return "".join(rng.choice(ALNUM) for _ in range(rng.choice([13, 14, 18])))


def rendition(rng, gid, cid, ep, name, width, height, still=False, mp4=False, webp=False):
    host = f"https://media{rng.randint(0, 4)}.giphy.com/media/{gid}/"
    query = f"?cid={cid}&ep={ep}&rid={name}&ct=g"
    item = {"height": str(height), "width": str(width), "size": str(rng.randint(10_000, 2_000_000)),
            "url": host + name + query}
    if still:
        item["size"] = str(rng.randint(5_000, 60_000))
    stem = name.rsplit(".", 1)[0]
    if mp4:
        item["mp4_size"] = str(rng.randint(20_000, 400_000))
        item["mp4"] = host + stem + ".mp4" + f"?cid={cid}&ep={ep}&rid={stem}.mp4&ct=g"
    if webp:
        item["webp_size"] = str(rng.randint(20_000, 900_000))
        item["webp"] = host + stem + ".webp" + f"?cid={cid}&ep={ep}&rid={stem}.webp&ct=g"
    return item


def gif_object(rng, index, ep, hostile=None):
    gid = giphy_id(rng)
    cid = "".join(rng.choice("0123456789abcdef") for _ in range(8)) + "h" + "".join(
        rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(31))
    words = rng.sample(CAT_WORDS, 2)
    slug = "-".join(words + [gid])
    username = CHANNELS[index % len(CHANNELS)]
    title = f"{words[0].title()} {words[1].title()} GIF" + (f" by {username}" if username else "")
    width_original = rng.choice([480, 498, 500, 320, 400])
    height_original = rng.choice([270, 280, 360, 480, 498, 240])
    fw_height = round(200 * height_original / width_original)
    source = rng.choice(["", "https://www.reddit.com/r/cats/comments/" + gid.lower()[:6] + "/",
                         "https://www.tumblr.com/", "https://www.instagram.com/p/" + gid[:11] + "/"])
    obj = {
        "type": "gif", "id": gid, "url": f"https://giphy.com/gifs/{slug}", "slug": slug,
        "bitly_gif_url": f"https://gph.is/g/{gid[:7]}", "bitly_url": f"https://gph.is/g/{gid[:7]}",
        "embed_url": f"https://giphy.com/embed/{gid}", "username": username, "source": source,
        "title": title, "rating": rng.choice(["g", "g", "g", "pg", "pg-13"]), "content_url": "",
        "source_tld": source.split("/")[2] if source else "", "source_post_url": source,
        "is_sticker": 0, "import_datetime": f"20{rng.randint(14, 23)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} 1{rng.randint(0, 9)}:2{rng.randint(0, 9)}:0{rng.randint(0, 9)}",
        "trending_datetime": rng.choice(["0000-00-00 00:00:00", "1970-01-01 00:00:00", "2024-02-14 09:30:01"]),
        "images": {
            "original": rendition(rng, gid, cid, ep, "giphy.gif", width_original, height_original, mp4=True, webp=True),
            "downsized": rendition(rng, gid, cid, ep, "giphy-downsized.gif", width_original, height_original),
            "fixed_height": rendition(rng, gid, cid, ep, "200.gif", round(200 * width_original / height_original), 200, mp4=True, webp=True),
            "fixed_width": rendition(rng, gid, cid, ep, "200w.gif", 200, fw_height, mp4=True, webp=True),
            "fixed_width_still": rendition(rng, gid, cid, ep, "200w_s.gif", 200, fw_height, still=True),
            "original_still": rendition(rng, gid, cid, ep, "giphy_s.gif", width_original, height_original, still=True),
            "looping": {"mp4_size": str(rng.randint(500_000, 3_000_000)),
                        "mp4": f"https://media{rng.randint(0, 4)}.giphy.com/media/{gid}/giphy-loop.mp4?cid={cid}&ep={ep}&rid=giphy-loop.mp4&ct=g"},
            "preview": {"height": "150", "width": "150", "mp4_size": str(rng.randint(20_000, 60_000)),
                        "mp4": f"https://media{rng.randint(0, 4)}.giphy.com/media/{gid}/giphy-preview.mp4?cid={cid}&ep={ep}&rid=giphy-preview.mp4&ct=g"},
            "480w_still": rendition(rng, gid, cid, ep, "480w_s.jpg", 480, round(480 * height_original / width_original), still=True),
        },
        "analytics_response_payload": f"e=Z2lmX2lkPT{gid[:10]}&cid={cid}",
        "analytics": {
            "onload": {"url": f"https://giphy-analytics.giphy.com/v2/pingback_simple?analytics_response_payload=e%3DZ2lm&action_type=SEEN"},
            "onclick": {"url": f"https://giphy-analytics.giphy.com/v2/pingback_simple?analytics_response_payload=e%3DZ2lm&action_type=CLICK"},
            "onsent": {"url": f"https://giphy-analytics.giphy.com/v2/pingback_simple?analytics_response_payload=e%3DZ2lm&action_type=SENT"},
        },
        "alt_text": "",
    }
    if username:
        obj["user"] = {
            "avatar_url": f"https://media.giphy.com/avatars/{username}/{gid[:12]}.gif",
            "banner_image": "", "banner_url": "", "profile_url": f"https://giphy.com/{username}/",
            "username": username, "display_name": username.title(),
            "description": "GIFs, every day.\r\nFollow for more.", "instagram_url": "", "website_url": "",
            "is_verified": index % 4 == 0,
        }
    if index % 5 == 3:
        obj["is_sticker"] = False          # the GIPHY JS SDK mock writes a Bool
        obj["_score"] = 2300013.2 + index  # seen in a 2019 search response
    if index % 7 == 6:
        obj["title"] = ""                  # untitled: the slug gives words
        del obj["images"]["fixed_width"]["url"]
    if hostile == "script":
        obj["title"] = HOSTILE_SCRIPT + " Cat GIF"
    elif hostile == "attr":
        obj["title"] = HOSTILE_ATTR + " Kitten GIF"
        obj["username"] = HOSTILE_MUSTACHE
    elif hostile == "javascript":
        obj["source_post_url"] = "javascript:alert(document.domain)"
        obj["source"] = "javascript:alert(1)"
        obj["source_tld"] = ""
    return obj


def giphy_response(rng, count, total, ep, hostile):
    data = [gif_object(rng, index, ep, hostile.get(index)) for index in range(count)]
    response_id = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(40))
    pagination = {"total_count": total, "count": count, "offset": 0} if total is not None else {"count": count, "offset": 0}
    return compact({"data": data, "meta": {"status": 200, "msg": "OK", "response_id": response_id},
                    "pagination": pagination})


# --- TMDB --------------------------------------------------------------------------------

POPULAR = [
    ("The Last Lighthouse", "en", "A retired keeper returns to the island where his brother vanished."),
    ("Paper Tigers of Osaka", "en", "Two rival chefs discover that the \"best ramen in Osaka\" is a lie."),
    ("Nightfall Protocol", "en", "When the grid goes dark, a hacker and a cop have one night  to stop it."),
    ("La Maison des Oiseaux", "fr", "Une ornithologue hérite d'une maison remplie d'oiseaux qui parlent."),
    ("Orbit of Glass", "en", "A crew of six. A station of glass. One of them is lying."),
    ("Sunflower Season", "en", ""),
    ("The Clockmaker's Daughter", "en", "Victorian London, a missing heir, and a clock that runs backwards."),
    ("미드나잇 버스", "ko", "서울의 마지막 심야버스에 탄 일곱 명의 승객."),
    ("Red Canyon", "en", "A wildfire traps a family in the canyon they came to scatter ashes in."),
    ("千年の庭", "ja", "京都の庭師が千年前の設計図を見つける。"),
    ("Tiny Giants", "en", HOSTILE_SCRIPT + " A documentary about ants."),
    ("Signal Lost", "en", "An astronaut hears her own voice on a frequency that should be silent."),
    ("The Velvet Heist", "en", "Five thieves, one museum, zero plans."),
    ("Mango Street Kings", "en", "A street-food truck takes on a corporate chain."),
    ("Winter in Tallinn", "et", "Kaks võõrast jäävad lumetormi ajal vanalinna kinni."),
    ("Echo Chamber", "en", "A podcast host realizes every guest is the same person."),
    ("The Cartographer", "en", "Maps of places that do not exist start coming true."),
    ("Dust & Thunder", "en", "A rodeo rider's last season."),
    ("दिल की बात", "hi", "A wedding planner falls for the groom's brother."),
    ("Harbor Lights", "en", HOSTILE_ATTR + " " + HOSTILE_MUSTACHE),
]

TOP_RATED_KO = [
    ("쇼생크 탈출", "The Shawshank Redemption", "en", "촉망받는 은행 간부 앤디 듀프레인은 아내와 그녀의 정부를 살해했다는 누명을 쓴다."),
    ("대부", "The Godfather", "en", "1940년대 미국 뉴욕, 콜레오네가의 막내 마이클은 가업을 거부한다."),
    ("센과 치히로의 행방불명", "千と千尋の神隠し", "ja", "금지된 세계의 문을 연 치히로, 이상한 나라의 신들에게 빼앗긴 부모님을 구하라!"),
    ("Gabriel's Inferno: Part III", "Gabriel's Inferno: Part III", "en", ""),
    ("기생충", "기생충", "ko", "전원백수로 살 길 막막하지만 사이는 좋은 기택 가족."),
    ("쉰들러 리스트", "Schindler's List", "en", "1939년 폴란드, 독일인 사업가 오스카 쉰들러는 유태인을 고용한다."),
    ("Dilwale Dulhania Le Jayenge", "दिलवाले दुल्हनिया ले जायेंगे", "hi", ""),
    ("대부 2", "The Godfather Part II", "en", "\"가족\"을 지키기 위한 마이클의 선택."),
    ("나의 히어로 아카데미아 THE MOVIE 히어로즈：라이징", "僕のヒーローアカデミア THE MOVIE ヒーローズ：ライジング", "ja", "나부섬에 온 데쿠와 친구들."),
    ("12명의 성난 사람들", "12 Angry Men", "en", "살인 혐의를 받는 소년의 재판, 12명의 배심원."),
    ("반지의 제왕: 왕의 귀환", "The Lord of the Rings: The Return of the King", "en", "사우론의 눈을 피해 운명의 산으로."),
    ("그린 마일", "The Green Mile", "en", "사형수 감방의 간수 폴과 신비한 죄수 존 커피."),
    ("굿 윌 헌팅", "Good Will Hunting", "en", "MIT의 청소부 윌은 천재적인 수학 재능을 숨기고 산다."),
    ("인생은 아름다워", "La vita è bella", "it", "수용소에서도 아들에게 웃음을 지켜준 아버지."),
    ("펄프 픽션", "Pulp Fiction", "en", "서로 얽힌 LA 범죄자들의 이야기."),
    ("포레스트 검프", "Forrest Gump", "en", "\"인생은 초콜릿 상자와 같은 거야.\""),
    ("하울의 움직이는 성", "ハウルの動く城", "ja", "마법에 걸려 할머니가 된 소피."),
    ("시네마 천국", "Nuovo Cinema Paradiso", "it", ""),
    ("다크 나이트", "The Dark Knight", "en", "고담시를 혼돈에 빠뜨린 조커."),
    ("원령공주", "もののけ姫", "ja", "재앙신의 저주를 받은 아시타카의 여정."),
]


def tmdb_path(rng):
    return "/" + "".join(rng.choice(ALNUM) for _ in range(27)) + ".jpg"


def tmdb_movie(rng, movie_id, title, original_title, language, overview, vote):
    return {
        "adult": False, "backdrop_path": tmdb_path(rng), "genre_ids": sorted(rng.sample([12, 14, 16, 18, 27, 28, 35, 53, 80, 878, 10749, 10751], 2)),
        "id": movie_id, "original_language": language, "original_title": original_title, "overview": overview,
        "popularity": round(rng.uniform(20, 4800), 3), "poster_path": tmdb_path(rng),
        "release_date": f"{rng.randint(1957, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        "title": title, "video": False, "vote_average": vote, "vote_count": rng.randint(0, 30000),
    }


def tmdb_popular(rng):
    results = []
    for index, (title, language, overview) in enumerate(POPULAR):
        vote = round(rng.uniform(5.5, 8.4), 3)
        movie = tmdb_movie(rng, rng.randint(100_000, 1_300_000), title, title, language, overview, vote)
        if index == 5:
            movie["poster_path"] = None      # no poster yet
            movie["backdrop_path"] = None
            movie["release_date"] = ""       # undated
            movie["vote_average"] = 0
            movie["vote_count"] = 0
        if index == 8:
            movie["vote_average"] = 7        # integer-looking
        if index == 12:
            movie["video"] = True
        results.append(movie)
    return compact({"page": 1, "results": results, "total_pages": 48372, "total_results": 967431})


def tmdb_top_rated(rng):
    results = []
    for index, (title, original, language, overview) in enumerate(TOP_RATED_KO):
        vote = round(8.7 - index * 0.031, 3)
        results.append(tmdb_movie(rng, rng.randint(100, 800_000), title, original, language, overview, vote))
    return compact({"page": 1, "results": results, "total_pages": 581, "total_results": 11602})


TMDB_CONFIGURATION = {
    "change_keys": ["adult", "air_date", "also_known_as", "alternative_titles", "biography", "birthday", "budget",
                    "cast", "certifications", "character_names", "created_by", "crew", "deathday", "episode",
                    "episode_number", "episode_run_time", "freebase_id", "freebase_mid", "general", "genres",
                    "guest_stars", "homepage", "images", "imdb_id", "languages", "name", "network", "origin_country",
                    "original_name", "original_title", "overview", "parts", "place_of_birth", "plot_keywords",
                    "production_code", "production_companies", "production_countries", "releases", "revenue",
                    "runtime", "season", "season_number", "season_regular", "spoken_languages", "status", "tagline",
                    "title", "translations", "tvdb_id", "tvrage_id", "type", "video", "videos"],
    "images": {
        "base_url": "http://image.tmdb.org/t/p/", "secure_base_url": "https://image.tmdb.org/t/p/",
        "backdrop_sizes": ["w300", "w780", "w1280", "original"],
        "logo_sizes": ["w45", "w92", "w154", "w185", "w300", "w500", "original"],
        "poster_sizes": ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
        "profile_sizes": ["w45", "w185", "h632", "original"],
        "still_sizes": ["w92", "w185", "w300", "original"],
    },
}


# --- Google Books ------------------------------------------------------------------------

BOOKS = [
    ("Swift Programming", "The Big Nerd Ranch Guide", ["Mikey Ward"], "Pearson Technology Group", "2020-11-03"),
    ("Swift in Depth", "", ["Tjeerd in 't Veen"], "Simon and Schuster", "2018-11-10"),
    ("Learning Swift", "Building Apps for macOS, iOS, and Beyond", ["Jonathon Manning", "Paris Buttfield-Addison", "Tim Nugent"], "\"O'Reilly Media, Inc.\"", "2017-03-27"),
    ("Swift Pocket Reference", "Programming for iOS and OS X", ["Anthony Gray"], "\"O'Reilly Media, Inc.\"", "2015"),
    ("스위프트 프로그래밍", "문법부터 활용까지", ["김철수"], "한빛미디어", "2021-06-15"),
    ("Pro Swift", None, ["Paul Example"], None, "2016"),
    ("Swift Concurrency by Tutorials", "", ["Marin Todorov"], "Razeware LLC", "2021-11"),
    ("詳解 Swift　第5版", "", ["荻原剛志"], "SBクリエイティブ", "2020-04-25"),
    ("Swift for Beginners", "Develop and Design", ["Boisy G. Pitre"], "Peachpit Press", "2014-12-18"),
    ("The Swift Programming Language (Swift 5.7)", "", [], "Apple Inc.", "2014"),
    ("Mastering Swift 5", "Deep dive into the latest edition of the Swift programming language", ["Jon Hoffman"], "Packt Publishing Ltd", "2019-04-30"),
    ("Swift Style", "An Opinionated Guide to an Opinionated Language", ["Erica Sadun"], "Pragmatic Bookshelf", "2017-03-02"),
    ("Swift " + HOSTILE_SCRIPT, "", ["Mallory Example"], "Example Press", "2022"),
    ("Functional Swift", "", ["Chris Eidhof", "Florian Kugler", "Wouter Swierstra"], "objc.io", "2014"),
    ("Swift Cookbook", "Proven recipes for developing robust iOS applications with Swift 5.9", ["Keith Moon", "Chris Barker"], "Packt Publishing Ltd", "2024-06-07"),
    ("Swift and the Sea", "A Novel", ["Ana Example"], None, "1808"),
    ("Beginning Swift", "", ["Rob Percival"], "Packt", "2018-05-30"),
    ("iOS 17 Programming for Beginners", "", ["Ahmad Sahar"], "Packt Publishing Ltd", "2023-10-31"),
    ("Swift Data Structure and Algorithms", "", ["Erik Azar", "Mario Eguiluz Alebicto"], "Packt Publishing Ltd", "2016-11-18"),
    ("Test-Driven iOS Development with Swift", "Create fully-featured and highly resilient iOS apps", ["Dr. Dominik Hauser"], "Packt Publishing Ltd", "2022-04-07"),
]


def volume_id(rng):
    return "".join(rng.choice(ALNUM + "_-") for _ in range(12))


def cover_links(volume, zooms):
    base = f"http://books.google.com/books/content?id={volume}&printsec=frontcover&img=1&zoom={{}}&edge=curl&source=gbs_api"
    names = {5: "smallThumbnail", 1: "thumbnail", 2: "small", 3: "medium", 4: "large", 6: "extraLarge"}
    return {names[zoom]: base.format(zoom) for zoom in zooms}


def book_volume(rng, index, entry):
    title, subtitle, authors, publisher, date = entry
    vid = volume_id(rng)
    isbn13 = "978" + "".join(rng.choice("0123456789") for _ in range(10))
    info = {"title": title}
    if subtitle is not None:
        info["subtitle"] = subtitle
    if authors:
        info["authors"] = authors
    if publisher:
        info["publisher"] = publisher
    info["publishedDate"] = date
    if index % 4 != 1:
        info["description"] = rng.choice([
            "Swift is Apple's language for iOS, macOS and beyond. This book walks through optionals, closures, generics and protocols — with exercises.",
            "Build real apps with SwiftUI and structured concurrency: async/await, actors, and the new Observation framework.",
            "A practical guide to writing idiomatic, “Swifty” code: value types, error handling, and API design ■ 2nd edition.",
        ])
        if "스위프트" in title:
            info["description"] = "초보자를 위한 스위프트 입문서. 변수와 상수부터 프로토콜 지향 프로그래밍까지 예제로 배운다."
        elif "詳解" in title:
            info["description"] = "Swift 5の言語仕様を詳しく解説。「値型」と「参照型」の違いから、並行処理まで。"
    info["industryIdentifiers"] = [{"type": "ISBN_13", "identifier": isbn13}, {"type": "ISBN_10", "identifier": isbn13[3:12] + rng.choice("0123456789X")}]
    if index % 6 == 5:
        info["industryIdentifiers"] = [{"type": "OTHER", "identifier": f"OCLC:{rng.randint(100000000, 999999999)}"}]
    info["readingModes"] = {"text": index % 2 == 0, "image": True}
    if index % 5 != 4:
        info["pageCount"] = rng.randint(180, 820)
    info["printType"] = "BOOK"
    if index % 3 != 2:
        info["categories"] = [rng.choice(["Computers", "Computers / Programming Languages / General", "Juvenile Nonfiction"])]
    if index % 4 == 0:
        info["averageRating"] = rng.choice([5, 4.5, 3.0, 4, 2])
        info["ratingsCount"] = rng.randint(1, 40)
    info["maturityRating"] = "NOT_MATURE"
    info["allowAnonLogging"] = index % 2 == 1
    info["contentVersion"] = f"{rng.randint(0, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}.0.preview.{rng.randint(0, 3)}"
    info["panelizationSummary"] = {"containsEpubBubbles": False, "containsImageBubbles": False}
    if index % 7 != 3:
        info["imageLinks"] = cover_links(vid, [5, 1] if index % 5 else [5, 1, 2, 3, 4, 6])
    info["language"] = "ko" if "스위프트" in title else ("ja" if "詳解" in title else "en")
    country = ["US", "KR", "FR"][index % 3]
    host = {"US": "books.google.com", "KR": "books.google.co.kr", "FR": "books.google.fr"}[country]
    info["previewLink"] = f"http://{host}/books?id={vid}&printsec=frontcover&dq=intitle:swift&hl=&cd={index + 1}&source=gbs_api"
    info["infoLink"] = f"http://{host}/books?id={vid}&dq=intitle:swift&hl=&source=gbs_api"
    if index == 12:
        info["infoLink"] = "javascript:alert(document.cookie)"
    info["canonicalVolumeLink"] = f"https://books.google.com/books/about/{title.split(' ')[0]}.html?hl=&id={vid}"
    volume = {
        "kind": "books#volume", "id": vid, "etag": "".join(rng.choice(ALNUM + "/+") for _ in range(11)),
        "selfLink": f"https://www.googleapis.com/books/v1/volumes/{vid}", "volumeInfo": info,
        "saleInfo": {"country": country, "saleability": "NOT_FOR_SALE", "isEbook": False},
        "accessInfo": {"country": country, "viewability": "PARTIAL", "embeddable": True, "publicDomain": False,
                       "textToSpeechPermission": "ALLOWED", "epub": {"isAvailable": False}, "pdf": {"isAvailable": True,
                       "acsTokenLink": f"http://books.google.com/books/download/x-sample-pdf.acsm?id={vid}&format=pdf&output=acs4_fulfillment_token&dl_type=sample&source=gbs_api"},
                       "webReaderLink": f"http://play.google.com/books/reader?id={vid}&hl=&source=gbs_api",
                       "accessViewStatus": "SAMPLE", "quoteSharingAllowed": False},
    }
    if index % 3 == 0:
        volume["saleInfo"] = {"country": country, "saleability": "FOR_SALE", "isEbook": True,
                              "listPrice": {"amount": 59.99, "currencyCode": "USD"},
                              "retailPrice": {"amount": 41.99, "currencyCode": "USD"},
                              "buyLink": f"https://play.google.com/store/books/details?id={vid}&rdid=book-{vid}&rdot=1&source=gbs_api",
                              "offers": [{"finskyOfferType": 1, "listPrice": {"amountInMicros": 59990000, "currencyCode": "USD"},
                                          "retailPrice": {"amountInMicros": 41990000, "currencyCode": "USD"}, "giftable": True}]}
    if index % 4 != 2:
        volume["searchInfo"] = {"textSnippet": rng.choice([
            "<b>Swift</b> is a powerful and intuitive programming language&nbsp;for iOS, iPadOS, macOS, tvOS, and watchOS.",
            "Learn <b>Swift</b> the way it&#39;s used in the real world: &quot;protocol-oriented&quot; &amp; value-based.<br>\nWith 100+ exercises.",
            "This book shows you how to write <b>Swift</b> code that&#39;s safe, fast &amp; expressive.",
        ])}
    if index == 12:
        info["description"] = "<p>" + HOSTILE_SCRIPT + "Real text &amp; more.</p><p>" + HOSTILE_ATTR + " " + HOSTILE_MUSTACHE + "</p>"
    return volume


def google_json(value):
    """Google's pretty-printing, with `<` and `>` written as \\u003c and \\u003e."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return text.replace("<", "\\u003c").replace(">", "\\u003e") + "\n"


# --- App Store ---------------------------------------------------------------------------

def apple_json(results):
    """Apple's own layout: blank lines around, one result per line, keys split by ", "."""
    lines = [json.dumps(result, ensure_ascii=False, separators=(", ", ":")) for result in results]
    return "\n\n\n{\n \"resultCount\":" + str(len(results)) + ",\n \"results\": [\n" + ", \n".join(lines) + "]\n}\n\n\n"


def artwork(path, size):
    return f"https://is1-ssl.mzstatic.com/image/thumb/{path}/AppIcon-0-0-1x_U007emarketing-0-0-0-7-0-0-sRGB-0-0-0-GLES2_U002c0-512MB-85-220-0-0.png/{size}x{size}bb.jpg"


def app_results():
    kakao_art = "Purple116/v4/5d/4e/8a/5d4e8a5b-0f2c-1a3d-7e9b-6c5d4e3f2a1b"
    ledger_art = "Purple126/v4/aa/bb/cc/aabbccdd-0000-1111-2222-333344445555"
    kakao = {
        "isGameCenterEnabled": False, "features": ["iosUniversal"],
        "supportedDevices": ["iPhone5s-iPhone5s", "iPadAir-iPadAir", "iPhone12-iPhone12", "iPhone15Pro-iPhone15Pro"],
        "advisories": ["경미한/가벼운 성적인 콘텐츠 또는 노출", "경미한/가벼운 성인용/외설적 테마"],
        "screenshotUrls": [],
        "ipadScreenshotUrls": [
            "https://is1-ssl.mzstatic.com/image/thumb/PurpleSource126/v4/4c/2b/0d/4c2b0d8e-3a1f-7b6e-9d2c-5f8e1a0b3c4d/pr_source.png/576x768bb.png",
            "https://is1-ssl.mzstatic.com/image/thumb/PurpleSource126/v4/9a/1e/77/9a1e7712-6b5c-4d3e-8f0a-1b2c3d4e5f60/pr_source.png/576x768bb.png",
        ],
        "appletvScreenshotUrls": [],
        "artworkUrl60": artwork(kakao_art, 60), "artworkUrl512": artwork(kakao_art, 512), "artworkUrl100": artwork(kakao_art, 100),
        "artistViewUrl": "https://apps.apple.com/kr/developer/kakao-corp/id362057950?uo=4",
        "kind": "software", "currency": "KRW", "minimumOsVersion": "15.0",
        "trackCensoredName": "카카오톡 KakaoTalk",
        "languageCodesISO2A": ["EN", "FR", "DE", "ID", "IT", "JA", "KO", "PT", "RU", "ZH", "ES", "TH", "ZH", "TR", "VI"],
        "fileSizeBytes": "3091658752", "sellerUrl": "http://www.kakao.com/talk", "formattedPrice": "무료",
        "contentAdvisoryRating": "12+",
        "averageUserRatingForCurrentVersion": "__RATING__", "userRatingCountForCurrentVersion": 70853,
        "averageUserRating": "__RATING__",
        "trackViewUrl": "https://apps.apple.com/kr/app/%EC%B9%B4%EC%B9%B4%EC%98%A4%ED%86%A1-kakaotalk/id362057947?uo=4",
        "trackContentRating": "12+", "bundleId": "com.iwilab.KakaoTalk", "trackId": 362057947,
        "trackName": "카카오톡 KakaoTalk", "releaseDate": "2010-03-18T08:39:17Z", "sellerName": "Kakao Corp.",
        "primaryGenreName": "Social Networking", "genreIds": ["6005", "6007"],
        "isVppDeviceBasedLicensingEnabled": True, "currentVersionReleaseDate": "2024-05-28T01:42:11Z",
        "releaseNotes": "■ 채팅방 서랍 개선\n• 사진 묶어보내기 개선\n• 안정성 향상",
        "primaryGenreId": 6005, "version": "10.8.5", "wrapperType": "software",
        "description": "전 세계 어디서나 무료로 즐기는 메시지 & 통화\n\n■ 1:1 및 그룹 채팅\u3000친구와 “대화”하세요.\n• 보이스톡, 페이스톡\n• " + HOSTILE_SCRIPT,
        "artistId": 362057950, "artistName": "Kakao Corp.", "genres": ["소셜 네트워킹", "생산성"],
        "price": "__PRICE0__", "userRatingCount": 70853,
    }
    ledger = {
        "screenshotUrls": [
            f"https://is1-ssl.mzstatic.com/image/thumb/PurpleSource116/v4/3d/7c/0a/3d7c0a11-2222-3333-4444-55556666777{n}/IMG_000{n}.png/392x696bb.png"
            for n in range(1, 4)
        ] + ["https://is1-ssl.mzstatic.com/image/thumb/PurpleSource116/v4/3d/7c/0a/3d7c0a11-2222-3333-4444-555566667779/IMG_0004.png"],
        "ipadScreenshotUrls": [], "appletvScreenshotUrls": [],
        "artworkUrl60": artwork(ledger_art, 60), "artworkUrl512": artwork(ledger_art, 512), "artworkUrl100": artwork(ledger_art, 100),
        "isGameCenterEnabled": False, "features": [], "advisories": [], "supportedDevices": ["iPhone5s-iPhone5s"],
        "kind": "software", "artistViewUrl": "https://apps.apple.com/kr/developer/example-labs/id872469880?uo=4",
        "trackCensoredName": "Pocket Ledger - 가계부", "languageCodesISO2A": ["EN", "KO", "EN"],
        "fileSizeBytes": "81234944", "formattedPrice": "₩4,400", "contentAdvisoryRating": "4+",
        "averageUserRating": 4.60778, "trackViewUrl": "https://apps.apple.com/kr/app/pocket-ledger/id872469884?uo=4&at=11l&ct=" + "x",
        "trackContentRating": "4+", "bundleId": "com.example.pocketledger", "trackId": 872469884,
        "trackName": "Pocket Ledger - 가계부 " + HOSTILE_ATTR, "releaseDate": "2014-05-07T07:00:00Z",
        "currentVersionReleaseDate": "2024-01-10T09:12:00Z", "sellerName": "Example Labs Inc.",
        "primaryGenreName": "Finance", "genreIds": ["6015", "6000"], "isVppDeviceBasedLicensingEnabled": True,
        "primaryGenreId": 6015, "version": "3.2", "wrapperType": "software", "currency": "KRW",
        "description": "간단한 가계부 {{x}}.\n• 월별 통계\n• iCloud 동기화", "artistId": 872469880, "artistName": "Example Labs",
        "genres": ["금융", "비즈니스"], "price": "__PRICE1__", "userRatingCount": 1024,
    }
    return [kakao, ledger]


def main():
    rng = random.Random(20240521)
    write("cats.json", giphy_response(rng, 24, 3148, "v1_gifs_search", {2: "script", 9: "attr", 15: "javascript"}))
    write("trending.json", giphy_response(rng, 12, None, "v1_gifs_trending", {4: "attr"}))
    write("tmdb-configuration.json", compact(TMDB_CONFIGURATION))
    write("popular.json", tmdb_popular(rng))
    write("top-rated.json", tmdb_top_rated(rng))
    write("swift-books.json", google_json({"kind": "books#volumes", "totalItems": 1812,
                                           "items": [book_volume(rng, i, entry) for i, entry in enumerate(BOOKS)]}))
    apps = apple_json(app_results())
    # Apple's raw numbers, which Python would otherwise reformat.
    apps = apps.replace('"__RATING__"', "2.833709999999999951114659779705107212066650390625").replace('"__PRICE0__"', "0.00").replace('"__PRICE1__"', "4400.00")
    write("apps.json", apps)
    for path in sorted(OUT.glob("*.json")):
        json.loads(path.read_text(encoding="utf-8"))  # every file must stay valid JSON


if __name__ == "__main__":
    main()
