import Testing

@testable import VitrineKit

@Suite("HTML to plain text")
struct HTMLTextTests {
    @Test(
        "conversions",
        arguments: [
            ("plain text stays", "plain text stays"),
            ("keeps\nplain line breaks", "keeps\nplain line breaks"),
            (
                "<b>Effective JavaScript</b>&nbsp;で学ぶ<br>\nJavaScript&#39;s &quot;good parts&quot; &amp; more",
                "Effective JavaScript\u{00A0}で学ぶ\nJavaScript's \"good parts\" & more"
            ),
            ("<p>One</p><p>Two</p>", "One\nTwo"),
            ("a<br/>b<BR >c", "a\nb\nc"),
            ("spaces   and\n\nnewlines in <i>HTML</i>", "spaces and newlines in HTML"),
            ("x<script>alert(1)</script>y", "xy"),
            ("<style>p { color: red }</style>text", "text"),
            ("a <!-- hidden <b> --> b", "a b"),
            ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
            ("&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"),
            ("&#x2014;&#8212;&mdash;", "———"),
            ("&unknown; &amp", "&unknown; &amp"),
            ("&#0;&#x110000;", "\u{FFFD}\u{FFFD}"),
            ("\"><img src=x onerror=alert(1)>", "\">"),
            ("<a href=\"x>y\">link</a> {{x}}", "link {{x}}"),
            ("<p>\n  Indented\n</p>\n\n<p></p><p>Next</p>", "Indented\n\nNext"),
            ("para one\n\n\n\npara two", "para one\n\npara two"),
            ("tab\there\u{0007}", "tab\there"),
            ("<ul><li>one</li><li>two</li></ul>", "one\ntwo"),
            ("", ""),
        ])
    func convert(html: String, text: String) {
        #expect(HTMLText.plainText(fromHTML: html) == text)
    }
}
