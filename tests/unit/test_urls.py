"""URL normalization and loopback hosts (pytest_lumen.urls)."""

from pytest_lumen.urls import is_loopback_host, normalize_url, same_page, with_return_addresses


def test_loopback_origin_is_dropped_so_the_port_does_not_matter():
    assert normalize_url("http://127.0.0.1:51234/cart?b=2&a=1") == "/cart?a=1&b=2"
    assert normalize_url("http://localhost:8000/") == "/"
    assert normalize_url("http://[::1]:9/x") == "/x"


def test_remote_origin_is_kept_and_query_sorted():
    assert normalize_url("https://Shop.Example/p?z=1&a=2#top") == "https://shop.example/p?a=2&z=1#top"


def test_base_url_origin_is_dropped():
    assert normalize_url("https://staging.example/login", base_url="https://staging.example") == "/login"


def test_non_http_urls_stay():
    assert normalize_url("about:blank") == "about:blank"


def test_loopback_hosts():
    assert is_loopback_host("127.0.0.5") and is_loopback_host("localhost") and is_loopback_host("::1")
    assert not is_loopback_host("10.0.0.1") and not is_loopback_host("example.com") and not is_loopback_host(None)


HERE = "/admin/product/"  # the list the links are on


def test_a_return_address_to_the_page_the_action_was_taken_on_is_not_what_names_the_page() -> None:
    recorded = "/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F"
    assert same_page("/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20", recorded, HERE)
    assert same_page("/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20", recorded, HERE,
                     strict=True)
    assert not same_page("/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20", recorded, None)


def test_a_return_address_only_one_of_them_carries_is_set_aside_too() -> None:
    # starlette-admin 1.0's "New Product" link carries the list it was on, 0.x's carried nothing; the other way too
    assert same_page("/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist", "/admin/product/create", "/admin/product/list")
    assert same_page("/admin/product/create", "/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist", "/admin/product/list")
    assert same_page("/admin/product/details/?id=4", "/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F", HERE,
                     strict=True)
    # what the page the action was taken on carries in its own address names what a link opens: on a record's page, its
    # "Edit" (/item/edit/?id=3) is not the "Add" that led to /item/edit/, nor its filter link the unfiltered list
    assert not same_page("/item/edit/?id=3", "/item/edit/", "/item/view/?id=3")
    assert not same_page("/item/edit/?id=3", "/item/edit/", "/item/view/?id=3", strict=True)
    assert not same_page("/admin/product/?category__id__exact=2", "/admin/product/", "/admin/product/?category__id__exact=2")
    # nor is a return address the page passes along an address of that page: 1.0's create form posts to its own address
    assert not same_page("/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist", "/admin/product/create",
                         "/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist")
    # what is not an address of the page the action was taken on names what is opened
    assert not same_page("/admin/product/create?_origin=%2Fadmin%2Forder%2Flist", "/admin/product/create",
                         "/admin/product/list")
    assert not same_page("/admin/product/create?category=%2Fgarden", "/admin/product/create", "/admin/product/list")
    assert not same_page("/admin/product/create?next=http%3A%2F%2F127.0.0.1%2Fadmin%2Fproduct%2Flist",
                         "/admin/product/create", "/admin/product/list")  # an absolute address: never set aside
    assert not same_page("/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist", "/admin/product/create", None)


def test_every_other_parameter_still_names_the_page() -> None:
    recorded = "/admin/product/details/?id=4&url=%2Fadmin%2Fproduct%2F"
    assert not same_page("/admin/product/details/?id=3&url=%2Fadmin%2Fproduct%2F%3Fpage_size%3D20", recorded, HERE)
    assert not same_page("/admin/product/details/?id=3", recorded, HERE)  # without its return address too
    assert not same_page("/admin/product/edit/?id=4&url=%2Fadmin%2Fproduct%2F", recorded, HERE)


def test_a_path_that_is_not_the_page_the_action_was_taken_on_names_what_is_opened() -> None:
    # a file browser's links: the file is the page, however much its address looks like a return address
    assert not same_page("/view?path=%2Frepo%2Fsecrets.yaml", "/view?path=%2Frepo%2Fconfig.yaml", "/browse?path=/repo")
    # and an absolute address is where a sign-in sends its code (OAuth's redirect_uri), never set aside
    assert not same_page("/authorize?redirect_uri=https%3A%2F%2Fother.example%2Fcb",
                         "/authorize?redirect_uri=https%3A%2F%2Fapp.example%2Fcb", "/authorize")


def test_two_return_addresses_are_one_only_when_they_agree_on_what_they_share() -> None:
    # a row's PDF link that carries its row in the address it returns to: another row's is another document
    assert not same_page("/pdf?url=%2Finvoices%3Fid%3D42", "/pdf?url=%2Finvoices%3Fid%3D41", "/invoices")
    assert not same_page("/switch?next=%2Fabout%3Flang%3Dde", "/switch?next=%2Fabout%3Flang%3Dfr", "/about")
    # a front controller: every page is "/index.php", told apart by its route
    assert not same_page("/go?next=%2Findex.php%3Froute%3Dcheckout", "/go?next=%2Findex.php%3Froute%3Dhome",
                         "/index.php?route=home")
    assert not same_page("/go?next=%2F%3Fp%3D13", "/go?next=%2F%3Fp%3D12", "/")  # WordPress's posts, on its root
    assert not same_page("/go?next=%2F%23%2Fcart", "/go?next=%2F%23%2Forders", "/#/orders")  # a hash router's routes


def test_a_value_that_is_no_address_of_this_app_is_never_set_aside() -> None:
    assert not same_page("/d?url=%2F%2Fevil.example%2Fadmin%2Fproduct%2F", "/d?url=%2Fadmin%2Fproduct%2F", HERE)
    assert not same_page("/d?id=4&url=", "/d?id=4&url=%2Fadmin%2Fproduct%2F", HERE)  # empty: no address
    assert not same_page("/d?next=%2F%2Fevil.example%2F", "/d?next=%2F", "/")


def test_an_address_with_return_addresses_added_is_the_recorded_one_and_with_anything_else_changed_is_not() -> None:
    assert with_return_addresses("/admin/product/create?_origin=%2Fadmin%2Fproduct%2Flist", "/admin/product/create")
    assert with_return_addresses("/item/?id=3&back=%2Flist%2F&mode=edit#top", "/item/?id=3&mode=edit")
    assert with_return_addresses("/item/", "/item/")
    assert not with_return_addresses("/item/?id=all&mode=bulk", "/item/?id=3&mode=edit")  # another record, another mode
    assert not with_return_addresses("/item/?mode=edit", "/item/?id=3&mode=edit")  # a value lost
    assert not with_return_addresses("/item/?id=5", "/item/")  # a record named
    assert not with_return_addresses("/item/?next=%2F%2Fevil.example%2F", "/item/")  # another site is no return address
    assert not with_return_addresses("/items/?back=%2F", "/item/")  # another path
    assert not with_return_addresses("https://shop.example/item/?back=%2F", "/item/")  # another origin
    assert not with_return_addresses("/app#/bulk", "/app#/edit/3")  # a single-page app's other route
    assert with_return_addresses("/app?back=%2F#/edit/3", "/app#/edit/3")
