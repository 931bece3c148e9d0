// Timing (RxSwift 6): each `Data` element is decoded and the value emitted at once; a decoding
// error fails the result at that element (and unsubscribes from the source). Completion and
// errors are forwarded at once.
//
// States: none (a stateless stage; the decoder is called on the thread that delivers each
// element).
//
// Foundation's `TopLevelDecoder` is not available on Linux, so, as RxSwift does, decoders conform
// to the small ``DataDecoder`` protocol; `JSONDecoder` and `PropertyListDecoder` already do.

import Foundation

/// A decoder of `Decodable` values from `Data`, as ``ObservableType/decode(type:decoder:file:line:)``
/// uses it. `JSONDecoder` and `PropertyListDecoder` conform.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`, or throws.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` element as `type` with `decoder`.
    ///
    /// Timing: emits each decoded value as its data arrives; a decoding error fails the result at
    /// once. The decoder is called on the thread that delivers the element.
    public func decode<Item: Decodable>(
        type: Item.Type, decoder: some DataDecoder, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Item> {
        lift(Decode<Item, _>(decoder: decoder)).inspected(as: "decode", file: file, line: line)
    }
}

private struct Decode<Item: Decodable, Decoder: DataDecoder>: SinkMaking {
    let decoder: Decoder

    func makeSink(downstream: Receiver<Item>) -> Sink<Data, Item> {
        DecodeSink(decoder: decoder, downstream: downstream)
    }
}

private final class DecodeSink<Item: Decodable, Decoder: DataDecoder>: Sink<Data, Item>,
    @unchecked Sendable  // see SubscriptionNode; `decoder` is immutable
{
    private let decoder: Decoder

    init(decoder: Decoder, downstream: Receiver<Item>) {
        self.decoder = decoder
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Data) {
        guard !isDisposed else { return }
        do {
            forwardNext(try decoder.decode(Item.self, from: element))
        } catch {
            forwardError(error)
        }
    }
}
