using System.Buffers.Binary;
using System.Text;
using MongoDB.Bson;
using MongoDB.Bson.IO;
using MongoDB.Bson.Serialization;

namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// One OP_MSG message (opcode 2013) as MongoDB's OP_MSG specification frames it: a 16-byte header, the flag bits, one
/// kind-0 section holding the command body, any number of kind-1 document sequences, and no checksum.
/// </summary>
public sealed record OpMsg(int RequestId, int ResponseTo, OpMsgFlags Flags, BsonDocument Body, IReadOnlyList<DocumentSequence> Sequences)
{
    public const int OpCode = 2013;
    public const int HeaderLength = 16;

    /// <summary>MongoDB's default maxMessageSizeBytes; the hello reply may say otherwise.</summary>
    public const int DefaultMaxMessageBytes = 48_000_000;

    private const uint RequiredBits = 0xFFFF;

    static OpMsg()
    {
        // MongoDB.Bson 2.x defaults to its V2 GUID mode, which re-encodes standard (subtype 4) UUIDs as C# legacy
        // (subtype 3) on the way out; a server refuses an lsid that is not subtype 4. V3 writes binary data as given.
#pragma warning disable CS0618 // the V3 switch is itself marked obsolete in 2.x, as V3 becomes the only mode in 3.0
        BsonDefaults.GuidRepresentationMode = GuidRepresentationMode.V3;
#pragma warning restore CS0618
    }
    private const uint KnownBits = (uint)(OpMsgFlags.ChecksumPresent | OpMsgFlags.MoreToCome);

    public byte[] Encode()
    {
        using var stream = new MemoryStream();
        stream.Write(new byte[HeaderLength + 4]);
        stream.WriteByte(0);
        Serialize(stream, Body);
        foreach (var sequence in Sequences)
        {
            stream.WriteByte(1);
            var sizeAt = stream.Position;
            stream.Write(new byte[4]);
            stream.Write(Encoding.UTF8.GetBytes(sequence.Identifier));
            stream.WriteByte(0);
            foreach (var document in sequence.Documents)
            {
                Serialize(stream, document);
            }

            WriteInt32(stream, sizeAt, (int)(stream.Position - sizeAt));
        }

        var bytes = stream.ToArray();
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(0), bytes.Length);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(4), RequestId);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(8), ResponseTo);
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(12), OpCode);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(16), (uint)Flags);
        return bytes;
    }

    /// <summary>Reads one whole message (header included).</summary>
    /// <exception cref="MongoProtocolException">The bytes are not a well-formed OP_MSG the client can read.</exception>
    public static OpMsg Decode(ReadOnlySpan<byte> message)
    {
        if (message.Length < HeaderLength + 5)
        {
            throw new MongoProtocolException($"a {message.Length}-byte message is too short for OP_MSG");
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(message);
        var opCode = BinaryPrimitives.ReadInt32LittleEndian(message[12..]);
        if (length != message.Length)
        {
            throw new MongoProtocolException($"the header says {length} bytes but the message has {message.Length}");
        }

        if (opCode != OpCode)
        {
            throw new MongoProtocolException($"opcode {opCode} is not OP_MSG ({OpCode})");
        }

        var flags = BinaryPrimitives.ReadUInt32LittleEndian(message[HeaderLength..]);
        if ((flags & RequiredBits & ~KnownBits) != 0)
        {
            throw new MongoProtocolException($"the flag bits 0x{flags:X8} set a required bit this client does not know");
        }

        // The checksum, when present, is not verified: the client never asks for one, and TCP and TLS already guard the bytes.
        var end = (flags & (uint)OpMsgFlags.ChecksumPresent) != 0 ? message.Length - 4 : message.Length;
        var position = HeaderLength + 4;
        BsonDocument? body = null;
        var sequences = new List<DocumentSequence>();
        while (position < end)
        {
            var kind = message[position++];
            if (kind == 0)
            {
                if (body is not null)
                {
                    throw new MongoProtocolException("the message has two body sections");
                }

                body = ReadDocument(message[..end], ref position);
            }
            else if (kind == 1)
            {
                var size = ReadSize(message[..end], position);
                var sectionEnd = position + size;
                var terminator = message[(position + 4)..sectionEnd].IndexOf((byte)0);
                if (terminator < 0)
                {
                    throw new MongoProtocolException("a document sequence's identifier is not terminated");
                }

                var identifier = Encoding.UTF8.GetString(message.Slice(position + 4, terminator));
                position += 4 + terminator + 1;
                var documents = new List<BsonDocument>();
                while (position < sectionEnd)
                {
                    documents.Add(ReadDocument(message[..sectionEnd], ref position));
                }

                sequences.Add(new DocumentSequence(identifier, documents));
            }
            else
            {
                throw new MongoProtocolException($"section kind {kind} is not one the client knows");
            }
        }

        return new OpMsg(
            BinaryPrimitives.ReadInt32LittleEndian(message[4..]),
            BinaryPrimitives.ReadInt32LittleEndian(message[8..]),
            (OpMsgFlags)flags,
            body ?? throw new MongoProtocolException("the message has no body section"),
            sequences);
    }

    private static BsonDocument ReadDocument(ReadOnlySpan<byte> message, ref int position)
    {
        var size = ReadSize(message, position);
        var document = BsonSerializer.Deserialize<BsonDocument>(message.Slice(position, size).ToArray());
        position += size;
        return document;
    }

    private static int ReadSize(ReadOnlySpan<byte> message, int position)
    {
        if (position + 4 > message.Length)
        {
            throw new MongoProtocolException("a section is cut short");
        }

        var size = BinaryPrimitives.ReadInt32LittleEndian(message[position..]);
        return size >= 5 && position + size <= message.Length
            ? size
            : throw new MongoProtocolException($"a section claims {size} bytes where {message.Length - position} remain");
    }

    private static void Serialize(Stream stream, BsonDocument document)
    {
        using var writer = new BsonBinaryWriter(stream);
        BsonSerializer.Serialize(writer, document);
    }

    private static void WriteInt32(MemoryStream stream, long at, int value)
    {
        var end = stream.Position;
        stream.Position = at;
        Span<byte> bytes = stackalloc byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, value);
        stream.Write(bytes);
        stream.Position = end;
    }
}
