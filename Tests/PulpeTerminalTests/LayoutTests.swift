import PulpeDomain
import Testing
@testable import PulpeTerminal

@Suite struct LayoutTests {
    let screen = Rect(x: 0, y: 0, width: 80, height: 24)

    @Test func basics() {
        let r = Rect(x: 2, y: 3, width: 10, height: 4)
        #expect(r.maxX == 12 && r.maxY == 7)
        #expect(r.contains(x: 2, y: 3) && r.contains(x: 11, y: 6))
        #expect(!r.contains(x: 12, y: 3) && !r.contains(x: 2, y: 7))
        #expect(Rect(x: 0, y: 0, width: -3, height: 2).isEmpty)
        #expect(r.size == Size(width: 10, height: 4))
        #expect(Size(width: 80, height: 24).description == "80x24")
        #expect(Size(width: 80, height: 24).contains(Size(width: 60, height: 20)))
    }

    @Test func insetAndIntersection() {
        #expect(screen.inset(by: 1) == Rect(x: 1, y: 1, width: 78, height: 22))
        #expect(screen.inset(dx: 2, dy: 0) == Rect(x: 2, y: 0, width: 76, height: 24))
        #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(by: 1).isEmpty)
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 3, height: 3)).isEmpty)
        #expect(a.row(3) == Rect(x: 0, y: 3, width: 10, height: 1))
        #expect(a.row(10).isEmpty)
    }

    @Test func verticalSplits() {
        let (header, body) = screen.splitVertical(top: 1)
        #expect(header == Rect(x: 0, y: 0, width: 80, height: 1))
        #expect(body == Rect(x: 0, y: 1, width: 80, height: 23))
        let (main, footer) = screen.splitVertical(bottom: 2)
        #expect(main.height == 22 && footer == Rect(x: 0, y: 22, width: 80, height: 2))
        let (t, b) = screen.splitVertical(fraction: 0.5)
        #expect(t.height == 12 && b.height == 12 && b.y == 12)
        let (all, none) = screen.splitVertical(top: 100)
        #expect(all == screen && none.isEmpty)
    }

    @Test func horizontalSplits() {
        let (left, right) = screen.splitHorizontal(left: 30)
        #expect(left == Rect(x: 0, y: 0, width: 30, height: 24))
        #expect(right == Rect(x: 30, y: 0, width: 50, height: 24))
        let (l2, r2) = screen.splitHorizontal(right: 20)
        #expect(l2.width == 60 && r2.x == 60)
        let (l3, r3) = screen.splitHorizontal(fraction: 1.0 / 3.0)
        #expect(l3.width == 26 && r3.width == 54)
        #expect(screen.splitHorizontal(left: -5).left.isEmpty)
    }

    @Test func centering() {
        #expect(Rect.centered(width: 40, height: 10, in: screen) == Rect(x: 20, y: 7, width: 40, height: 10))
        #expect(Rect.centered(width: 41, height: 11, in: screen) == Rect(x: 19, y: 6, width: 41, height: 11))
        #expect(Rect.centered(width: 200, height: 50, in: screen) == screen)
        let inner = Rect(x: 10, y: 5, width: 20, height: 10)
        #expect(Rect.centered(width: 10, height: 2, in: inner) == Rect(x: 15, y: 9, width: 10, height: 2))
    }
}
