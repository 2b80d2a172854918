import Foundation

/// Recorded-style API bodies generated to size, for paging tests.
enum StubBodies {
    static func giphy(offset: Int, count: Int, total: Int?) -> String {
        let gifs = (0..<count).map { index in
            let id = "g\(offset + index)"
            return """
                {"type":"gif","id":"\(id)","slug":"cat-\(id)","url":"https://giphy.com/gifs/\(id)","title":"Cat \(offset + index) GIF","rating":"g","username":"",
                 "images":{"fixed_width":{"url":"https://media.giphy.com/media/\(id)/200w.gif?cid=1&rid=200w.gif","width":"200","height":"150","webp":"https://media.giphy.com/media/\(id)/200w.webp"},
                           "fixed_width_still":{"url":"https://media.giphy.com/media/\(id)/200w_s.gif","width":"200","height":"150"}}}
                """
        }
        let pagination = total.map { #","pagination":{"total_count":\#($0),"count":\#(count),"offset":\#(offset)}"# } ?? ""
        return #"{"data":[\#(gifs.joined(separator: ","))]\#(pagination),"meta":{"status":200,"msg":"OK","response_id":"r1"}}"#
    }

    static func tmdbConfiguration(base: URL) -> String {
        #"{"images":{"base_url":"\#(base.absoluteString)/t/p/","secure_base_url":"\#(base.absoluteString)/t/p/","poster_sizes":["w92","w342","w500","original"],"backdrop_sizes":["w300","w780","original"]},"change_keys":[]}"#
    }

    static func tmdbList(page: Int, count: Int, totalPages: Int, totalResults: Int) -> String {
        let movies = (0..<count).map { index in
            let id = page * 100 + index
            return
                #"{"id":\#(id),"title":"Movie \#(id)","original_title":"Movie \#(id)","overview":"About \#(id).","poster_path":"/p\#(id).jpg","backdrop_path":null,"release_date":"2020-01-01","vote_average":7,"vote_count":10,"adult":false,"video":false,"genre_ids":[1],"popularity":1.5,"original_language":"en"}"#
        }
        return #"{"page":\#(page),"results":[\#(movies.joined(separator: ","))],"total_pages":\#(totalPages),"total_results":\#(totalResults)}"#
    }

    static func tmdbMovie(id: Int) -> String {
        #"{"id":\#(id),"title":"Movie \#(id)","overview":"Looked up by id.","poster_path":"/m\#(id).jpg","release_date":"1999-10-15","vote_average":8.4,"vote_count":26280}"#
    }

    static func books(start: Int, count: Int, total: Int) -> String {
        guard count > 0 else { return #"{"kind":"books#volumes","totalItems":\#(total)}"# }
        let volumes = (0..<count).map { index in
            #"{"kind":"books#volume","id":"b\#(start + index)","volumeInfo":{"title":"Book \#(start + index)","authors":["Ann"],"imageLinks":{"thumbnail":"http://books.google.com/books/content?id=b\#(start + index)&zoom=1"}}}"#
        }
        return #"{"kind":"books#volumes","totalItems":\#(total),"items":[\#(volumes.joined(separator: ","))]}"#
    }

    static func itunes(ids: [String]) -> String {
        let results = ids.map { id in
            #"{"wrapperType":"software","kind":"software","trackId":\#(id),"trackName":"App \#(id)","sellerName":"Seller","artworkUrl512":"https://is1-ssl.mzstatic.com/image/thumb/\#(id)/512x512bb.jpg","screenshotUrls":[],"fileSizeBytes":"1579008","averageUserRating":4.5,"userRatingCount":10,"formattedPrice":"Free","primaryGenreName":"Utilities","genres":["Utilities"],"version":"1.0","contentAdvisoryRating":"4+","languageCodesISO2A":["EN"],"description":"An app."}"#
        }
        return "\n\n\n{\n \"resultCount\":\(ids.count),\n \"results\": [\n\(results.joined(separator: ",\n"))]\n}\n\n\n"
    }

    /// GIPHY's `/v1/gifs?ids=` answer for `ids`, in reverse order (the client puts them back).
    static func gifs(_ ids: [String]) -> String {
        let gifs = ids.reversed().map { id in
            #"{"type":"gif","id":"\#(id)","slug":"cat-\#(id)","url":"https://giphy.com/gifs/\#(id)","title":"GIF \#(id)","rating":"g","username":"","images":{"fixed_width":{"url":"https://media.giphy.com/media/\#(id)/200w.gif","width":"200","height":"150"}}}"#
        }
        return
            #"{"data":[\#(gifs.joined(separator: ","))],"pagination":{"total_count":\#(ids.count),"count":\#(ids.count),"offset":0},"meta":{"status":200,"msg":"OK","response_id":"r1"}}"#
    }

    static func volume(_ id: String) -> String {
        #"{"kind":"books#volume","id":"\#(id)","volumeInfo":{"title":"Book \#(id)","authors":["Ann"],"publishedDate":"2001"}}"#
    }
}
