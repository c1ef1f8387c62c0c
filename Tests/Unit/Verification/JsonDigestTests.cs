using EventCommitLab.Verification;

namespace EventCommitLab.Tests.Verification;

public sealed class JsonDigestTests
{
    [Theory]
    [InlineData("""{"a":1,"b":"x"}""", """{"b": "x", "a": 1}""")]
    [InlineData("""{"price":12.30}""", """{"price": 12.3}""")]
    [InlineData("""{"note":"caf\u00e9"}""", """{"note":"café"}""")]
    [InlineData("""{"n":{"y":[1,2],"x":null}}""", """{ "n" : { "x" : null , "y" : [ 1 , 2.0 ] } }""")]
    public void renderings_of_one_document_share_a_digest(string json, string rendering) =>
        Assert.Equal(JsonDigest.Of(json), JsonDigest.Of(rendering));

    [Theory]
    [InlineData("""{"a":1,"b":"x"}""", """{"a":1,"b":"y"}""")]
    [InlineData("""{"a":1,"b":2}""", """{"a":2,"b":1}""")]
    [InlineData("""{"a":[1,2]}""", """{"a":[2,1]}""")]
    [InlineData("""{"a":"1"}""", """{"a":1}""")]
    [InlineData("""{"a":true}""", """{"a":false}""")]
    [InlineData("""{"a":1}""", """{"a":1,"b":null}""")]
    [InlineData("""{"a":{}}""", """{"a":[]}""")]
    public void documents_that_differ_have_different_digests(string json, string other) =>
        Assert.NotEqual(JsonDigest.Of(json), JsonDigest.Of(other));

    [Fact]
    public void tag_lists_differ_by_order_and_content() =>
        Assert.Equal(3, new[] { JsonDigest.OfList(["a", "b"]), JsonDigest.OfList(["b", "a"]), JsonDigest.OfList(["a", "b", ""]) }.Distinct().Count());

    [Fact]
    public void a_document_longer_than_the_stack_buffer_is_digested_whole()
    {
        var padding = new string('x', 5000);
        Assert.NotEqual(JsonDigest.Of($$"""{"p":"{{padding}}a"}"""), JsonDigest.Of($$"""{"p":"{{padding}}b"}"""));
    }
}
