using EventCommitLab.Stores.Mongo.Wire;
using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo;

/// <summary>OP_MSG framing, byte for byte against messages assembled by hand from the OP_MSG specification's layout.</summary>
public sealed class OpMsgTests
{
    // { ping: 1, $db: "admin" } as one kind-0 section, request 1.
    private static readonly byte[] Ping =
    [
        0x33, 0x00, 0x00, 0x00, // messageLength 51
        0x01, 0x00, 0x00, 0x00, // requestID 1
        0x00, 0x00, 0x00, 0x00, // responseTo 0
        0xDD, 0x07, 0x00, 0x00, // opCode 2013
        0x00, 0x00, 0x00, 0x00, // flagBits: none
        0x00,                   // section kind 0: body
        0x1E, 0x00, 0x00, 0x00, // document size 30
        0x10, (byte)'p', (byte)'i', (byte)'n', (byte)'g', 0x00, 0x01, 0x00, 0x00, 0x00, // ping: int32 1
        0x02, (byte)'$', (byte)'d', (byte)'b', 0x00, 0x06, 0x00, 0x00, 0x00, (byte)'a', (byte)'d', (byte)'m', (byte)'i', (byte)'n', 0x00, // $db: "admin"
        0x00,                   // end of document
    ];

    // { insert: "events", $db: "lab" } with the kind-1 sequence "documents": [{ _id: 1 }], request 7.
    private static readonly byte[] Insert =
    [
        0x57, 0x00, 0x00, 0x00, // messageLength 87
        0x07, 0x00, 0x00, 0x00, // requestID 7
        0x00, 0x00, 0x00, 0x00, // responseTo 0
        0xDD, 0x07, 0x00, 0x00, // opCode 2013
        0x00, 0x00, 0x00, 0x00, // flagBits: none
        0x00,                   // section kind 0: body
        0x25, 0x00, 0x00, 0x00, // document size 37
        0x02, (byte)'i', (byte)'n', (byte)'s', (byte)'e', (byte)'r', (byte)'t', 0x00, 0x07, 0x00, 0x00, 0x00, (byte)'e', (byte)'v', (byte)'e', (byte)'n', (byte)'t', (byte)'s', 0x00,
        0x02, (byte)'$', (byte)'d', (byte)'b', 0x00, 0x04, 0x00, 0x00, 0x00, (byte)'l', (byte)'a', (byte)'b', 0x00,
        0x00,                   // end of body
        0x01,                   // section kind 1: document sequence
        0x1C, 0x00, 0x00, 0x00, // section size 28, itself included
        (byte)'d', (byte)'o', (byte)'c', (byte)'u', (byte)'m', (byte)'e', (byte)'n', (byte)'t', (byte)'s', 0x00,
        0x0E, 0x00, 0x00, 0x00, 0x10, (byte)'_', (byte)'i', (byte)'d', 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, // { _id: 1 }
    ];

    [Fact]
    public void a_command_is_one_body_section_byte_for_byte()
    {
        var message = new OpMsg(1, 0, OpMsgFlags.None, new BsonDocument { { "ping", 1 }, { "$db", "admin" } }, []);

        Assert.Equal(Ping, message.Encode());
    }

    [Fact]
    public void an_insert_batch_travels_as_a_document_sequence_byte_for_byte()
    {
        var message = new OpMsg(7, 0, OpMsgFlags.None, new BsonDocument { { "insert", "events" }, { "$db", "lab" } },
            [new DocumentSequence("documents", [new BsonDocument("_id", 1)])]);

        Assert.Equal(Insert, message.Encode());
    }

    [Fact]
    public void decoding_reads_back_the_body_and_the_sequences()
    {
        var message = OpMsg.Decode(Insert);

        Assert.Equal(7, message.RequestId);
        Assert.Equal("events", message.Body["insert"].AsString);
        var sequence = Assert.Single(message.Sequences);
        Assert.Equal("documents", sequence.Identifier);
        Assert.Equal(1, Assert.Single(sequence.Documents)["_id"].AsInt32);
    }

    [Fact]
    public void a_reply_with_a_checksum_is_read_without_it()
    {
        var withChecksum = Ping.Concat(new byte[] { 0xAA, 0xBB, 0xCC, 0xDD }).ToArray();
        withChecksum[0] = 0x37;
        withChecksum[16] = 0x01;

        Assert.Equal(1, OpMsg.Decode(withChecksum).Body["ping"].AsInt32);
    }

    [Theory]
    [InlineData(16, 0x04, "required bit")]
    [InlineData(12, 0xD4, "opcode")]
    [InlineData(0, 0x40, "header says")]
    [InlineData(20, 0x05, "section kind 5")]
    public void a_malformed_message_is_a_protocol_error_naming_the_problem(int offset, byte value, string problem)
    {
        var broken = (byte[])Ping.Clone();
        broken[offset] = value;

        var error = Assert.Throws<MongoProtocolException>(() => OpMsg.Decode(broken));

        Assert.Contains(problem, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void server_errors_carry_code_code_name_labels_and_write_errors()
    {
        var failed = Assert.Throws<MongoServerException>(() => MongoServerException.ThrowIfFailed("commitTransaction", BsonDocument.Parse(
            """{ ok: 0, code: 112, codeName: "WriteConflict", errmsg: "conflict", errorLabels: ["TransientTransactionError"] }""")));
        var duplicate = Assert.Throws<MongoServerException>(() => MongoServerException.ThrowIfFailed("insert", BsonDocument.Parse(
            """{ ok: 1, n: 1, writeErrors: [{ index: 1, code: 11000, errmsg: "E11000 duplicate key error" }] }""")));

        Assert.Equal((112, "WriteConflict"), (failed.Code, failed.CodeName));
        Assert.True(failed.HasLabel(MongoException.TransientTransactionError));
        Assert.Equal(MongoServerException.DuplicateKey, duplicate.Code);
        Assert.Equal(1, Assert.Single(duplicate.WriteErrors).Index);
        MongoServerException.ThrowIfFailed("ping", BsonDocument.Parse("{ ok: 1.0 }"));
    }
}
